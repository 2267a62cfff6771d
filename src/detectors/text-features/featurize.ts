import { z } from "zod";
import type { BucketCounts } from "./bucket-counts.js";
import { createTokenCodes, type TokenCodes, tokenCodes } from "./token-codes.js";

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

/** A growable buffer of feature buckets (see {@link writeFeatures}). */
export interface FeatureBuffer {
  buckets: Uint32Array;
}

/** An empty feature buffer; {@link writeFeatures} grows it as needed. */
export function createFeatureBuffer(size = 2048): FeatureBuffer {
  return { buckets: new Uint32Array(size) };
}

/** How many features `forEachFeature` enumerates for `count` tokens and `length` joined units. */
export function featureCount(config: FeatureConfig, count: number, length: number): number {
  let total = 0;
  for (const order of config.wordNgrams) total += Math.max(0, count - order + 1);
  for (const order of config.charNgrams) total += Math.max(0, length - order + 1);
  return total;
}

/**
 * Write the bucket of every word and character n-gram of normalised `text` into `out.buckets`
 * from index `from` (growing it, keeping what is before `from`), in the order training and
 * inference both enumerate them; returns the index after the last one. With `counts`, each
 * bucket is also counted as it is written (one monomorphic call V8 inlines, where a callback
 * per scorer made the call site megamorphic once both detectors ran in one process).
 */
export function writeFeatures(
  text: string,
  config: FeatureConfig,
  scratch: TokenCodes,
  out: FeatureBuffer,
  from = 0,
  counts?: BucketCounts,
): number {
  return writeTokenFeatures(tokenCodes(text, scratch), config, out, from, counts);
}

/** {@link writeFeatures} for a text whose tokens are already in `codes` (see `tokenCodes`). */
export function writeTokenFeatures(
  codes: TokenCodes,
  config: FeatureConfig,
  out: FeatureBuffer,
  from = 0,
  counts?: BucketCounts,
): number {
  const mask = (1 << config.bits) - 1;
  const { hashes, count, joined, length } = codes;
  const end = from + featureCount(config, count, length);
  if (out.buckets.length < end) {
    const grown = new Uint32Array(Math.max(end, out.buckets.length * 2));
    grown.set(out.buckets.subarray(0, from));
    out.buckets = grown;
  }
  const buckets = out.buckets;
  let at = from;
  for (const order of config.wordNgrams) {
    const seed = (wordSeed + order) >>> 0;
    for (let start = 0; start + order <= count; start += 1) {
      let hash = seed;
      for (let offset = 0; offset < order; offset += 1)
        hash = Math.imul(hash ^ hashes[start + offset]!, 0x01000193) >>> 0;
      const bucket = (hash ^ (hash >>> 15)) & mask;
      buckets[at] = bucket;
      at += 1;
      if (counts !== undefined) counts.visit(bucket);
    }
  }
  // Character n-grams of " " + tokens.join(" ") + " ", hashed as `hashSlice` does.
  for (const order of config.charNgrams) {
    const seed = (charSeed + order) >>> 0;
    if (order === 4) {
      // The shipped models' order, unrolled: each unit is loaded once, not four times.
      at = writeChar4grams(joined, length, seed, mask, buckets, at, counts);
      continue;
    }
    for (let start = 0; start + order <= length; start += 1) {
      let hash = seed;
      for (let index = start; index < start + order; index += 1)
        hash = Math.imul(hash ^ joined[index]!, 0x01000193);
      const bucket = (hash >>> 0) & mask;
      buckets[at] = bucket;
      at += 1;
      if (counts !== undefined) counts.visit(bucket);
    }
  }
  return at;
}

/** The character 4-grams of `joined[0..length)` (as the general loop hashes them), from `at`. */
function writeChar4grams(
  joined: Uint16Array,
  length: number,
  seed: number,
  mask: number,
  buckets: Uint32Array,
  from: number,
  counts: BucketCounts | undefined,
): number {
  let at = from;
  if (length < 4) return at;
  let first = joined[0]!;
  let second = joined[1]!;
  let third = joined[2]!;
  for (let start = 0; start + 4 <= length; start += 1) {
    const fourth = joined[start + 3]!;
    let hash = Math.imul(seed ^ first, 0x01000193);
    hash = Math.imul(hash ^ second, 0x01000193);
    hash = Math.imul(hash ^ third, 0x01000193);
    hash = Math.imul(hash ^ fourth, 0x01000193);
    first = second;
    second = third;
    third = fourth;
    const bucket = (hash >>> 0) & mask;
    buckets[at] = bucket;
    at += 1;
    if (counts !== undefined) counts.visit(bucket);
  }
  return at;
}

/**
 * Call `visit` with the bucket of every word and character n-gram of normalised `text`; training
 * and inference both enumerate features through {@link writeFeatures}, so they always agree.
 * Pass `scratch` (from `createTokenCodes`) to reuse its buffers between calls.
 */
export function forEachFeature(
  text: string,
  config: FeatureConfig,
  visit: (bucket: number) => void,
  scratch?: TokenCodes,
): void {
  const out: FeatureBuffer = { buckets: new Uint32Array(0) };
  const end = writeFeatures(text, config, scratch ?? createTokenCodes(), out);
  for (let index = 0; index < end; index += 1) visit(out.buckets[index]!);
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
