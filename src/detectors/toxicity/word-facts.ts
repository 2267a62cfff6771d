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
  lexicon: Pick<Lexicon, "knownWords">,
): WordFactsTable | null {
  if (ruleStarts.keys === undefined) return null;
  const known = new Map<string, KnownWord>(lexicon.knownWords());
  const words = [...new Set([...identityWords, ...ruleStarts.keys(), ...known.keys()])];
  const facts: WordFacts[] = words.map((word) => ({
    identity: identityWords.has(word),
    families: ruleStarts.get(word) ?? 0,
    lexicon: known.get(word),
  }));
  // Open addressing on an FNV-1a hash of the word, at most a quarter full: most tokens are in no
  // list and meet an empty slot at once. A Map asked V8 to hash every new token string first.
  let bits = 8;
  while (1 << bits < words.length * 4) bits += 1;
  const shift = 32 - bits;
  const mask = (1 << bits) - 1;
  // Per slot, 1 + the index of its word in `words`, or 0 when empty: 16 bits for the shipped
  // lists (about 5,300 words), 32 for a lexicon of 65,535 words or more.
  const slots = words.length < 0xffff ? new Uint16Array(1 << bits) : new Uint32Array(1 << bits);
  words.forEach((word, index) => {
    let slot = hashWord(word) >>> shift;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = index + 1;
  });
  const lookup = (word: string): WordFacts | undefined => {
    let slot = hashWord(word) >>> shift;
    for (let entry = slots[slot]!; entry !== 0; entry = slots[slot]!) {
      if (words[entry - 1] === word) return facts[entry - 1];
      slot = (slot + 1) & mask;
    }
    return undefined;
  };
  return { of: (tokens) => tokens.map(lookup) };
}

/** FNV-1a of the word's code units (its high bits pick the slot). */
function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index += 1)
    hash = Math.imul(hash ^ word.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}
