import type { KnownWord, Lexicon } from "./lexicon.js";
import type { RuleStarts } from "./rule-gate.js";

/**
 * What the detector's stages ask of one word, gathered so a token costs one map lookup instead
 * of one per stage (the model's identity check, the rule gate, the lexicon): those lookups were
 * a tenth of Toxicity's time. Words none of them knows have no facts.
 */
export interface WordFacts {
  /** An identity word the model leaves out (see `modelWords`). */
  readonly identity: boolean;
  /** The rule families a phrase starting with this word belongs to (see `rule-gate.ts`). */
  readonly families: number;
  /** What the lexicon knows of the word. */
  readonly lexicon: KnownWord | undefined;
}

/** Looks up the facts of each token of a text. */
export interface WordFactsTable {
  /** The facts of each of `words` (undefined for a word nothing knows), in order. */
  of(words: readonly string[]): (WordFacts | undefined)[];
}

/**
 * The facts of every word the identity list, the rule gate and the lexicon know; null when the
 * rule gate cannot list its words (switched off), so the stages look words up themselves.
 */
export function compileWordFacts(
  identityWords: ReadonlySet<string>,
  ruleStarts: RuleStarts,
  lexicon: Lexicon,
): WordFactsTable | null {
  if (ruleStarts.keys === undefined) return null;
  const known = new Map<string, KnownWord>(lexicon.knownWords());
  const words = new Set([...identityWords, ...ruleStarts.keys(), ...known.keys()]);
  const table = new Map<string, WordFacts>();
  for (const word of words) {
    table.set(word, {
      identity: identityWords.has(word),
      families: ruleStarts.get(word) ?? 0,
      lexicon: known.get(word),
    });
  }
  return { of: (tokens) => tokens.map((word) => table.get(word)) };
}
