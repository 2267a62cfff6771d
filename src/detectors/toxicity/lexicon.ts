import { z } from "zod";
import type { NormalizedToken } from "./normalize.js";
import { squeezeRuns } from "./normalize.js";

/** Category codes of lexicon entries. */
export const lexiconCategories = [
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
  find(tokens: readonly NormalizedToken[]): LexiconHit[];
  has(term: string): boolean;
}

type Entry = LexiconData["terms"][string];

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
  const lookup = (word: string): [string, Entry] | undefined => {
    for (const form of [word, squeezeRuns(word, 2), squeezeRuns(word, 1)]) {
      const entry = terms.get(form);
      if (entry) return [form, entry];
    }
    return undefined;
  };
  const matchMasked = (word: string): [string, Entry] | undefined => {
    const candidates = byInitial.get(word[0]!) ?? [];
    const pattern = new RegExp(
      `^${word.replace(/[*#%_]+/g, (run) => `[a-z]{1,${run.length + 1}}`).replace(/[^a-z[\]{},0-9]/g, "")}$`,
    );
    let best: [string, Entry] | undefined;
    for (const term of candidates) {
      const entry = terms.get(term)!;
      if (pattern.test(term) && (!best || entry[0] > best[1][0])) best = [term, entry];
    }
    return best;
  };
  return {
    size: terms.size,
    has: (term) => terms.has(term),
    find(tokens) {
      const hits: LexiconHit[] = [];
      for (let index = 0; index < tokens.length; index += 1) {
        const token = tokens[index]!;
        const phrase = matchPhrase(tokens, index, lookup);
        if (phrase) {
          hits.push(toHit(phrase[0], phrase[1], index, phrase[2], false));
          index += phrase[2] - 1;
          continue;
        }
        const found = token.masked ? matchMasked(token.text) : lookup(token.text);
        if (found) hits.push(toHit(found[0], found[1], index, 1, token.masked));
      }
      return hits;
    },
  };
}

function matchPhrase(
  tokens: readonly NormalizedToken[],
  index: number,
  lookup: (word: string) => [string, Entry] | undefined,
): [string, Entry, number] | undefined {
  for (const length of [3, 2]) {
    if (index + length > tokens.length) continue;
    const words = tokens.slice(index, index + length).map((token) => token.text);
    const found = lookup(words.join(" ")) ?? lookup(words.join(""));
    if (found) return [found[0], found[1], length];
  }
  return undefined;
}

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
