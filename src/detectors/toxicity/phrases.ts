import { foldText } from "./normalize.js";

/** A set of words and multi-word phrases, matched against token lists. */
export interface PhraseSet {
  /** Index just past the phrase that starts at `index`, or -1. Longest phrase wins. */
  matchAt(words: readonly string[], index: number): number;
  has(word: string): boolean;
  /** First words of the phrases: a token list none of whose words is here holds no phrase. */
  readonly starters: ReadonlySet<string>;
}

/** Bring a list entry into the tokenizer's form (lower case, no apostrophes). */
export function toTokenForm(entry: string): string[] {
  return foldText(entry)
    .replace(/'/g, "")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/** Slot of a word in a first-word filter: its first code unit (low 7 bits) and length (to 31). */
function filterSlot(word: string): number {
  return ((word.charCodeAt(0) & 127) << 5) | Math.min(word.length, 31);
}

/**
 * Compile phrases for matching token lists.
 *
 * @example
 * compilePhrases(["gay people", "women"]).matchAt(words, 0);
 */
export function compilePhrases(entries: readonly string[]): PhraseSet {
  const byFirst = new Map<string, string[][]>();
  const words = new Set<string>();
  for (const entry of entries) {
    const parts = toTokenForm(entry);
    if (parts.length === 0) continue;
    if (parts.length === 1) words.add(parts[0]!);
    const list = byFirst.get(parts[0]!) ?? [];
    list.push(parts);
    list.sort((a, b) => b.length - a.length);
    byFirst.set(parts[0]!, list);
  }
  // Most words start no phrase of a given set; this filter turns them away without hashing
  // the word (the rules scan every token against about twenty sets).
  const firstWords = new Uint8Array(128 << 5);
  for (const first of byFirst.keys()) firstWords[filterSlot(first)] = 1;
  return {
    has: (word) => words.has(word),
    starters: new Set(byFirst.keys()),
    matchAt(words, index) {
      const first = words[index] ?? "";
      if (firstWords[filterSlot(first)] === 0) return -1;
      const candidates = byFirst.get(first);
      if (!candidates) return -1;
      for (const parts of candidates)
        if (restMatches(words, index, parts)) return index + parts.length;
      return -1;
    },
  };
}

/**
 * Whether the words after `index` are the rest of `parts`; the first already matched (it is the
 * key the candidates were found under), and comparing it again cost a string comparison per
 * candidate for every "the" of a text ("the disabled", "the elderly").
 */
function restMatches(words: readonly string[], index: number, parts: readonly string[]): boolean {
  for (let offset = 1; offset < parts.length; offset += 1)
    if (words[index + offset] !== parts[offset]) return false;
  return true;
}

/** Every `[start, end)` range where a phrase of `set` occurs. */
export function findPhrases(words: readonly string[], set: PhraseSet): [number, number][] {
  const out: [number, number][] = [];
  for (let index = 0; index < words.length; index += 1) {
    const end = set.matchAt(words, index);
    if (end !== -1) out.push([index, end]);
  }
  return out;
}
