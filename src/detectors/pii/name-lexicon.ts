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
  /** Known words that are not names (verbs, adjectives, places, months, organisations, ...). */
  readonly otherWords: ReadonlySet<string>;
  readonly honorifics: ReadonlySet<string>;
  readonly particles: ReadonlySet<string>;
  /** Multi-word places and organisations compromise knows ("costa rica", "new york"). */
  readonly phrases: ReadonlySet<string>;
  readonly streetSuffixes: ReadonlySet<string>;
  readonly placePrefixes: ReadonlySet<string>;
  readonly organizationSuffixes: ReadonlySet<string>;
}

type LexiconTags = Readonly<Record<string, string | readonly string[]>>;

const givenNameTags = new Set(["FirstName", "MaleName", "FemaleName", "Person"]);

/** Build the lexicon from compromise's tagged word list plus our own name lists. */
export function buildNameLexicon(tags: LexiconTags, switches: LexiconTags): NameLexicon {
  const givenNames = new Set<string>(extraGivenNames);
  const surnames = new Set<string>(extraSurnames);
  const ambiguousNames = new Set<string>();
  const otherWords = new Set<string>();
  const phrases = new Set<string>();
  for (const [word, tag] of Object.entries(tags)) {
    if (word.includes(" ")) {
      if (!(typeof tag === "string" && givenNameTags.has(tag))) phrases.add(word);
      continue;
    }
    if (typeof tag === "string" && givenNameTags.has(tag)) givenNames.add(word);
    else if (tag === "LastName") surnames.add(word);
    else otherWords.add(word);
  }
  for (const word of nonNameWords) {
    givenNames.delete(word);
    otherWords.add(word);
  }
  for (const [word, tag] of Object.entries(switches)) {
    if (typeof tag === "string" && tag.startsWith("Person|") && !word.includes(" ")) {
      if (!nonNameWords.includes(word)) ambiguousNames.add(word);
      givenNames.delete(word);
    }
  }
  return {
    givenNames,
    surnames,
    ambiguousNames,
    otherWords,
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
 * Load compromise (about 0.4 s, so only when a PERSON scan first needs it) and build the lexicon.
 * Callers memoise the promise.
 */
export async function loadNameLexicon(): Promise<NameLexicon> {
  const { default: nlp } = await import("compromise");
  const model = nlp.model() as unknown as CompromiseModel;
  return buildNameLexicon(model.one.lexicon, model.two?.switches ?? {});
}
