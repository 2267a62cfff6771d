import { z } from "zod";
import { hashSlice, hashString } from "./hash.js";

/** How text becomes a sparse hashed vector; stored with the weights so training and inference agree. */
export const featureConfigSchema = z.object({
  /** log2 of the number of hash buckets. */
  bits: z.number().int().min(8).max(24),
  /** Word n-gram orders, e.g. [1, 2]. */
  wordNgrams: z.array(z.number().int().min(1).max(4)),
  /** Character n-gram orders over the space-joined tokens, e.g. [3, 5]. */
  charNgrams: z.array(z.number().int().min(2).max(8)),
});

export type FeatureConfig = z.infer<typeof featureConfigSchema>;

/** A sparse vector: bucket indices (sorted, unique) and their values (L2-normalised). */
export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

const tokenPattern = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
const wordSeed = 0x9e3779b1;
const charSeed = 0x85ebca6b;

/** Word and punctuation tokens of already-normalised text. */
export function tokenize(text: string): string[] {
  return text.match(tokenPattern) ?? [];
}

function addWordNgrams(
  tokens: readonly string[],
  orders: readonly number[],
  counts: Map<number, number>,
  mask: number,
): void {
  for (const order of orders) {
    const seed = wordSeed + order;
    for (let start = 0; start + order <= tokens.length; start += 1) {
      let hash = seed;
      for (let offset = 0; offset < order; offset += 1)
        hash = hashString(` ${tokens[start + offset]}`, hash);
      const index = hash & mask;
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
  }
}

function addCharNgrams(
  joined: string,
  orders: readonly number[],
  counts: Map<number, number>,
  mask: number,
): void {
  for (const order of orders) {
    const seed = charSeed + order;
    for (let start = 0; start + order <= joined.length; start += 1) {
      const index = hashSlice(joined, start, order, seed) & mask;
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
  }
}

/**
 * Hash normalised text into a sparse, L2-normalised vector of log-scaled word and character
 * n-gram counts.
 *
 * @example
 * const vector = featurize("ignore all previous instructions", { bits: 18, wordNgrams: [1, 2], charNgrams: [4] });
 */
export function featurize(text: string, config: FeatureConfig): SparseVector {
  const mask = (1 << config.bits) - 1;
  const tokens = tokenize(text);
  const counts = new Map<number, number>();
  addWordNgrams(tokens, config.wordNgrams, counts, mask);
  addCharNgrams(` ${tokens.join(" ")} `, config.charNgrams, counts, mask);
  const indices = Uint32Array.from(counts.keys()).sort();
  const values = new Float32Array(indices.length);
  let norm = 0;
  for (const [position, index] of indices.entries()) {
    const value = 1 + Math.log(counts.get(index) ?? 1);
    values[position] = value;
    norm += value * value;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let position = 0; position < values.length; position += 1) values[position]! *= scale;
  return { indices, values };
}
