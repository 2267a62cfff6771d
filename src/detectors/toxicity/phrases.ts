import type { NormalizedToken } from "./normalize.js";
import { foldText } from "./normalize.js";

/** A set of words and multi-word phrases, matched against token lists. */
export interface PhraseSet {
  /** Index just past the phrase that starts at `index`, or -1. Longest phrase wins. */
  matchAt(tokens: readonly NormalizedToken[], index: number): number;
  has(word: string): boolean;
}

/** Bring a list entry into the tokenizer's form (lower case, no apostrophes). */
export function toTokenForm(entry: string): string[] {
  return foldText(entry)
    .replace(/'/g, "")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/**
 * Compile phrases for matching token lists.
 *
 * @example
 * compilePhrases(["gay people", "women"]).matchAt(tokens, 0);
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
  return {
    has: (word) => words.has(word),
    matchAt(tokens, index) {
      const candidates = byFirst.get(tokens[index]?.text ?? "");
      if (!candidates) return -1;
      for (const parts of candidates) {
        if (parts.every((part, offset) => tokens[index + offset]?.text === part)) {
          return index + parts.length;
        }
      }
      return -1;
    },
  };
}

/** Every `[start, end)` range where a phrase of `set` occurs. */
export function findPhrases(
  tokens: readonly NormalizedToken[],
  set: PhraseSet,
): [number, number][] {
  const out: [number, number][] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const end = set.matchAt(tokens, index);
    if (end !== -1) out.push([index, end]);
  }
  return out;
}
