import { z } from "zod";
import { hasDoubled, squeezeRuns, type Tokens } from "./normalize.js";

/** Category codes of lexicon entries. */
export const lexiconCategories = [
  "profanity",
  "sexual",
  "anatomy",
  "orientation",
  "race",
  "disability",
  "religion",
  "insult",
  "excrement",
  "animal",
  "physical",
  "political",
] as const;

export type LexiconCategory = (typeof lexiconCategories)[number];

/** The shipped lexicon file: `term -> [severity 0..3, category, reclaimable 0|1]`. */
export const lexiconDataSchema = z.object({
  version: z.literal(1),
  terms: z.record(
    z.string(),
    z.tuple([
      z.number().min(0).max(3),
      z.enum(lexiconCategories),
      z.union([z.literal(0), z.literal(1)]),
    ]),
  ),
});

export type LexiconData = z.infer<typeof lexiconDataSchema>;

/** One lexicon match in a token list. */
export interface LexiconHit {
  term: string;
  severity: number;
  category: LexiconCategory;
  reclaimable: boolean;
  /** Index of the first token of the match. */
  index: number;
  /** Number of tokens the match spans. */
  length: number;
  masked: boolean;
}

/** A compiled lexicon: exact lookups plus masked-word matching (`f*ck`). */
export interface Lexicon {
  readonly size: number;
  /** The hits in `tokens`; with `facts` (see `word-facts.ts`), each word's lexicon facts are read from there. */
  find(
    tokens: Tokens,
    facts?: readonly ({ readonly lexicon: KnownWord | undefined } | undefined)[],
  ): LexiconHit[];
  /** Every word the lexicon knows something of (a term, or the start of a longer term). */
  knownWords(): Iterable<[string, KnownWord]>;
  has(term: string): boolean;
  /** Replace masked words (`f*ck`) by the lexicon term they hide, when one fits. */
  unmask(tokens: Tokens): Tokens;
}

type Entry = LexiconData["terms"][string];

const maskPattern = /[*#%]/;

/** The words people mask most; preferred when a mask fits several terms (`s**t` -> shit). */
const commonMasked = new Set([
  "fuck",
  "fucking",
  "fucker",
  "shit",
  "cunt",
  "bitch",
  "damn",
  "hell",
  "ass",
  "asshole",
  "dick",
  "crap",
  "piss",
  "bastard",
]);

/**
 * Compile lexicon data for fast lookups.
 *
 * @example
 * const lexicon = compileLexicon({ version: 1, terms: { darn: [1, "insult", 0] } });
 * lexicon.find(tokenize(foldText("darn it")));
 */
export function compileLexicon(data: LexiconData): Lexicon {
  const terms = new Map<string, Entry>(Object.entries(data.terms));
  const byInitial = new Map<string, string[]>();
  for (const term of terms.keys()) {
    if (term.includes(" ") || term.length < 3) continue;
    const list = byInitial.get(term[0]!) ?? [];
    list.push(term);
    byInitial.set(term[0]!, list);
  }
  const squeezedLookups = new Map<string, [string, Entry] | null>();
  /** The term `word` is, stretched or not. */
  const lookup = (word: string): [string, Entry] | undefined => lookupWith(word, terms.get(word));
  /** {@link lookup} for a word whose own entry (if any) is already known. */
  const lookupWith = (word: string, entry: Entry | undefined): [string, Entry] | undefined => {
    if (entry) return [word, entry];
    if (!hasDoubled(word)) return undefined;
    // Words with a doubled letter are looked up squeezed; most are common words ("all", "will")
    // that match nothing, so the answers for short words are remembered (up to a bound).
    const known = squeezedLookups.get(word);
    if (known !== undefined) return known ?? undefined;
    const found = lookupSqueezed(word);
    if (word.length <= maxRememberedLength) {
      if (squeezedLookups.size >= maxRememberedLookups) squeezedLookups.clear();
      squeezedLookups.set(word, found ?? null);
    }
    return found;
  };
  const lookupSqueezed = (word: string): [string, Entry] | undefined => {
    for (const form of [squeezeRuns(word, 2), squeezeRuns(word, 1)]) {
      const squeezed = terms.get(form);
      if (squeezed) return [form, squeezed];
    }
    return undefined;
  };
  const vocabulary = compileVocabulary(terms, phraseStarts(terms.keys()));
  const prefixes = squeezedPrefixes(terms.keys());
  const longestTerm = Math.max(0, ...[...terms.keys()].map((term) => term.length));
  const matchMasked = (word: string): [string, Entry] | undefined => {
    const candidates = byInitial.get(word[0]!) ?? [];
    const letters = word.replace(/[^a-z*#%]/g, "");
    // One mask character per hidden letter first (`sh*t` -> shit), then looser runs (`f**k`).
    const exact = new RegExp(`^${letters.replace(/[*#%]/g, "[a-z]")}$`);
    const loose = new RegExp(
      `^${letters.replace(/[*#%]+/g, (run) => `[a-z]{1,${run.length + 1}}`)}$`,
    );
    for (const pattern of [exact, loose]) {
      let best: [string, Entry] | undefined;
      for (const term of candidates) {
        const entry = terms.get(term)!;
        if (!pattern.test(term)) continue;
        if (commonMasked.has(term)) return [term, entry];
        if (!best || entry[0] > best[1][0]) best = [term, entry];
      }
      if (best) return best;
    }
    return undefined;
  };

  return {
    size: terms.size,
    has: (term) => terms.has(term),
    unmask: (tokens) =>
      !tokens.anyMasked
        ? tokens
        : {
            ...tokens,
            words: tokens.words.map((word, index) => {
              if (!tokens.masked[index]) return word;
              const found = matchMasked(word);
              return found ? found[0] : word;
            }),
          },
    knownWords: () => vocabulary.entries(),
    find({ words, masked }, facts) {
      const hits: LexiconHit[] = [];
      for (let index = 0; index < words.length; index += 1) {
        const word = words[index]!;
        const known = facts === undefined ? vocabulary.get(word) : facts[index]?.lexicon;
        const phrase = known?.startsTerm
          ? matchPhrase(words, index, lookup, longestTerm, prefixes)
          : undefined;
        if (phrase) {
          hits.push(toHit(phrase[0], phrase[1], index, phrase[2], false));
          index += phrase[2] - 1;
          continue;
        }
        const hidden = masked[index]! && maskPattern.test(word);
        const found = hidden ? matchMasked(word) : lookupWith(word, known?.entry);
        if (found) hits.push(toHit(found[0], found[1], index, 1, masked[index]!));
      }
      return hits;
    },
  };
}

/** What the lexicon knows of one word: its entry, and whether a longer term starts with it. */
export interface KnownWord {
  readonly entry: Entry | undefined;
  readonly startsTerm: boolean;
}

/**
 * Every term and term start with what the lexicon knows of it, so a token costs one map lookup
 * (most tokens are in neither).
 */
function compileVocabulary(
  terms: ReadonlyMap<string, Entry>,
  starts: ReadonlySet<string>,
): Map<string, KnownWord> {
  const out = new Map<string, KnownWord>();
  for (const [term, entry] of terms) out.set(term, { entry, startsTerm: starts.has(term) });
  for (const start of starts)
    if (!out.has(start)) out.set(start, { entry: undefined, startsTerm: true });
  return out;
}

/** First words of multi-word terms, and prefixes of one-word terms (`mother` of `motherfucker`). */
function phraseStarts(terms: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const term of terms) {
    const space = term.indexOf(" ");
    if (space !== -1) out.add(term.slice(0, space));
    else for (let end = 2; end < term.length; end += 1) out.add(term.slice(0, end));
  }
  return out;
}

/**
 * Every prefix of each one-word term and the first two words of each multi-word term, with
 * letter runs squeezed to one (`squeezeRuns(term, 1)`). A lookup can only find a term whose
 * squeezed form starts with the squeezed words it was given, so two tokens whose squeezed forms
 * (spaced or joined) are missing here start no term.
 */
function squeezedPrefixes(terms: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const term of terms) {
    const squeezed = squeezeRuns(term, 1);
    const words = squeezed.split(" ");
    if (words.length > 1) out.add(`${words[0]} ${words[1]}`);
    else for (let end = 1; end <= squeezed.length; end += 1) out.add(squeezed.slice(0, end));
  }
  return out;
}

function matchPhrase(
  words: readonly string[],
  index: number,
  lookup: (word: string) => [string, Entry] | undefined,
  longestTerm: number,
  prefixes: ReadonlySet<string>,
): [string, Entry, number] | undefined {
  const longest = Math.min(maxPhraseWords, words.length - index);
  if (longest < 2) return undefined;
  // Squeezing never joins letters across a space, so the spaced form squeezes word by word.
  const first = words[index]!;
  const second = words[index + 1]!;
  if (
    !prefixes.has(`${squeezeRuns(first, 1)} ${squeezeRuns(second, 1)}`) &&
    !prefixes.has(squeezeRuns(first + second, 1))
  ) {
    return undefined;
  }
  for (let length = longest; length >= 2; length -= 1) {
    let spaced = words[index]!;
    let joined = spaced;
    for (let offset = 1; offset < length; offset += 1) {
      spaced += ` ${words[index + offset]!}`;
      joined += words[index + offset]!;
    }
    if (spaced.length > longestTerm + 4) continue;
    const found = lookup(spaced) ?? (joined.length <= longestTerm ? lookup(joined) : undefined);
    if (found) return [found[0], found[1], length];
  }
  return undefined;
}

/** Squeezed lookups remembered per lexicon, and the longest word remembered. */
const maxRememberedLookups = 4096;
const maxRememberedLength = 12;

/** Longest lexicon phrase matched, in words. */
const maxPhraseWords = 4;

function toHit(
  term: string,
  entry: Entry,
  index: number,
  length: number,
  masked: boolean,
): LexiconHit {
  return {
    term,
    severity: entry[0],
    category: entry[1],
    reclaimable: entry[2] === 1,
    index,
    length,
    masked,
  };
}
