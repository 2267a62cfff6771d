import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "../../common/errors.js";
import { lexiconFromSnapshot, readNameLexiconSnapshot } from "./name-lexicon-snapshot.js";
import {
  extraGivenNames,
  extraSurnames,
  honorifics,
  nameParticles,
  nonNameWords,
  organizationSuffixes,
  placePrefixes,
  streetSuffixes,
} from "./name-lists.js";

/** Word sets the PERSON recognizer consults (all lower case). */
export interface NameLexicon {
  readonly givenNames: ReadonlySet<string>;
  readonly surnames: ReadonlySet<string>;
  /** Names that are also ordinary words (Mark, Rose, Bill): names only beside another name. */
  readonly ambiguousNames: ReadonlySet<string>;
  /** Ambiguous words compromise knows as first names too ("Randy", "Dawn", "Mark"). */
  readonly ambiguousFirstNames: ReadonlySet<string>;
  /** Known words that are not names (verbs, adjectives, places, months, organisations, ...). */
  readonly otherWords: ReadonlySet<string>;
  readonly honorifics: ReadonlySet<string>;
  readonly particles: ReadonlySet<string>;
  /** One-word cities, countries and regions compromise knows ("milan", "texas"). */
  readonly places: ReadonlySet<string>;
  /** Multi-word places and organisations compromise knows ("costa rica", "new york"). */
  readonly phrases: ReadonlySet<string>;
  readonly streetSuffixes: ReadonlySet<string>;
  readonly placePrefixes: ReadonlySet<string>;
  readonly organizationSuffixes: ReadonlySet<string>;
}

type LexiconTags = Readonly<Record<string, string | readonly string[]>>;

/** The shipped name list (`names/names.json`, built by `scripts/build-name-list.ts`). */
export interface NameList {
  readonly givenNames: readonly string[];
  readonly surnames: readonly string[];
  /** Names that are also everyday English words. */
  readonly ambiguous: readonly string[];
}

const nameListSchema = z.object({
  givenNames: z.string(),
  surnames: z.string(),
  ambiguous: z.string(),
});

/** Read the shipped name list (in `dist/` too: the build copies `src/**\/*.json`). */
export function readNameList(): NameList {
  const url = new URL("./names/names.json", import.meta.url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(url, "utf8"));
  } catch (error) {
    throw new ConfigError(
      `Cannot read the name list ${url.pathname}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const parsed = nameListSchema.parse(raw);
  const words = (table: string) => table.split(" ").filter((word) => word !== "");
  return {
    givenNames: words(parsed.givenNames),
    surnames: words(parsed.surnames),
    ambiguous: words(parsed.ambiguous),
  };
}

const givenNameTags = new Set(["FirstName", "MaleName", "FemaleName", "Person"]);
const placeTags = new Set(["City", "Country", "Region", "Place"]);
const isPlaceTag = (tag: string | readonly string[]): boolean =>
  typeof tag === "string" ? placeTags.has(tag) : tag.some((one) => placeTags.has(one));
const functionWordTags =
  /^(?:Pronoun|Determiner|Preposition|Conjunction|Modal|QuestionWord|Copula|Possessive|Reflexive|Negative|Condition)\b/;

/**
 * Build the lexicon from compromise's tagged word list, the shipped name list and our own lists.
 * A listed name that compromise knows as another kind of word (a verb, a place) or that is an
 * everyday English word is ambiguous: a name only beside another name or a cue.
 */
export function buildNameLexicon(
  tags: LexiconTags,
  switches: LexiconTags,
  names: NameList = { givenNames: [], surnames: [], ambiguous: [] },
): NameLexicon {
  const givenNames = new Set<string>();
  const surnames = new Set<string>();
  const ambiguousNames = new Set<string>();
  const otherWords = new Set<string>();
  const phrases = new Set<string>();
  const places = new Set<string>();
  for (const [word, tag] of Object.entries(tags)) {
    if (!word.includes(" ") && isPlaceTag(tag)) places.add(word);
    if (word.includes(" ")) {
      if (!(typeof tag === "string" && givenNameTags.has(tag))) phrases.add(word);
      continue;
    }
    if (typeof tag === "string" && givenNameTags.has(tag)) givenNames.add(word);
    else if (tag === "LastName") surnames.add(word);
    else otherWords.add(word);
  }
  const listed = (word: string) => givenNames.has(word) || surnames.has(word);
  for (const word of names.ambiguous) if (!listed(word)) ambiguousNames.add(word);
  for (const [list, target] of [
    [extraGivenNames, givenNames],
    [extraSurnames, surnames],
    [names.givenNames, givenNames],
    [names.surnames, surnames],
  ] as const) {
    for (const word of list) {
      if (otherWords.has(word) && !listed(word)) ambiguousNames.add(word);
      else target.add(word);
    }
  }
  // Closed-class words ("He asked", "Do it") are never names, whatever a name list says.
  for (const [word, tag] of Object.entries(tags)) {
    if (typeof tag === "string" && functionWordTags.test(tag)) {
      for (const set of [givenNames, surnames, ambiguousNames]) set.delete(word);
    }
  }
  const ambiguousFirstNames = new Set<string>();
  for (const [word, tag] of Object.entries(switches)) {
    if (typeof tag === "string" && tag.startsWith("Person|") && !word.includes(" ")) {
      ambiguousNames.add(word);
      ambiguousFirstNames.add(word);
      givenNames.delete(word);
    }
  }
  for (const word of nonNameWords) {
    for (const set of [givenNames, surnames, ambiguousNames, ambiguousFirstNames]) set.delete(word);
    otherWords.add(word);
  }
  return {
    givenNames,
    surnames,
    ambiguousNames,
    ambiguousFirstNames,
    otherWords,
    places,
    honorifics: new Set(honorifics),
    particles: new Set(nameParticles),
    phrases,
    streetSuffixes: new Set(streetSuffixes),
    placePrefixes: new Set(placePrefixes),
    organizationSuffixes: new Set(organizationSuffixes),
  };
}

interface CompromiseModel {
  one: { lexicon: LexiconTags };
  two?: { switches?: LexiconTags };
}

/**
 * Build the lexicon from compromise (importing it costs about a second of CPU): what
 * `names/name-lexicon.json` is made from (`npx tsx scripts/build-name-lexicon.ts`).
 */
export async function buildNameLexiconFromCompromise(): Promise<NameLexicon> {
  const { default: nlp } = await import("compromise");
  const model = nlp.model() as unknown as CompromiseModel;
  return buildNameLexicon(model.one.lexicon, model.two?.switches ?? {}, readNameList());
}

/**
 * Load the lexicon from its shipped snapshot (`names/name-lexicon.json`, the same sets
 * {@link buildNameLexiconFromCompromise} builds; a test holds them equal). Callers memoise it.
 */
export async function loadNameLexicon(): Promise<NameLexicon> {
  return lexiconFromSnapshot(readNameLexiconSnapshot());
}
