import { z } from "zod";
import { type TokenCodes, tokenCodes } from "./token-codes.js";

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

/**
 * Call `visit` with the bucket of every word and character n-gram of normalised `text`; training
 * and inference both enumerate features through here, so they always agree. Pass `scratch`
 * (from `createTokenCodes`) to reuse its buffers between calls.
 */
export function forEachFeature(
  text: string,
  config: FeatureConfig,
  visit: (bucket: number) => void,
  scratch?: TokenCodes,
): void {
  const mask = (1 << config.bits) - 1;
  const { hashes, count, joined, length } = tokenCodes(text, scratch);
  for (const order of config.wordNgrams) {
    const seed = (wordSeed + order) >>> 0;
    for (let start = 0; start + order <= count; start += 1) {
      let hash = seed;
      for (let offset = 0; offset < order; offset += 1)
        hash = Math.imul(hash ^ hashes[start + offset]!, 0x01000193) >>> 0;
      visit((hash ^ (hash >>> 15)) & mask);
    }
  }
  // Character n-grams of " " + tokens.join(" ") + " ", hashed as `hashSlice` does.
  for (const order of config.charNgrams) {
    const seed = (charSeed + order) >>> 0;
    for (let start = 0; start + order <= length; start += 1) {
      let hash = seed;
      for (let index = start; index < start + order; index += 1)
        hash = Math.imul(hash ^ joined[index]!, 0x01000193);
      visit((hash >>> 0) & mask);
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
  const counts = new Map<number, number>();
  forEachFeature(text, config, (bucket) => counts.set(bucket, (counts.get(bucket) ?? 0) + 1));
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
