import { hashSlice, hashString } from "../text-features/hash.js";
import { compileConcepts, conceptFeatures } from "./concepts.js";
import { matchingCues } from "./cues.js";
import { normalizeForInjection } from "./normalize.js";

/** How a sentence becomes hashed features; stored in the weights file so training and scanning agree. */
export interface PiFeatureConfig {
  /** log2 of the number of hash buckets. */
  bits: number;
  /** Character n-gram orders over the space-joined words, e.g. [3, 4, 5]. */
  charNgrams: number[];
}

const wordPattern = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
const unigramSeed = 0x9e3779b1;
const bigramSeed = 0x7f4a7c15;
const charSeed = 0x85ebca6b;
const cueSeed = 0xc2b2ae35;
const conceptSeed = 0x27d4eb2f;
/** Compiled at import (a few dozen regexes); immutable afterwards. */
const concepts = compileConcepts();

/**
 * The hash buckets of one sentence (with repeats: a feature that occurs twice is listed twice):
 * word unigrams and bigrams, character n-grams of the space-joined words (which carry across
 * languages without word breaks, inflections and typos such as "igmre"), structural cues, and
 * cross-lingual notions and their pairs (see `concept-lexicon.ts`), each counted three times so
 * a notion weighs like a word and its n-grams.
 *
 * @example
 * sentenceBuckets("Ignore the task.", { bits: 18, charNgrams: [3, 4, 5] }).length > 0 // true
 */
export function sentenceBuckets(sentence: string, config: PiFeatureConfig): number[] {
  const mask = (1 << config.bits) - 1;
  const normal = normalizeForInjection(sentence);
  const words = normal.match(wordPattern) ?? [];
  const out: number[] = [];
  for (let index = 0; index < words.length; index += 1) {
    out.push(hashString(words[index]!, unigramSeed) & mask);
    if (index > 0) out.push(hashString(`${words[index - 1]} ${words[index]}`, bigramSeed) & mask);
  }
  const joined = ` ${words.join(" ")} `;
  for (const order of config.charNgrams) {
    for (let start = 0; start + order <= joined.length; start += 1)
      out.push(hashSlice(joined, start, order, charSeed + order) & mask);
  }
  for (const cue of matchingCues(normal)) out.push(hashString(cue, cueSeed) & mask);
  for (const concept of conceptFeatures(concepts, normal)) {
    const bucket = hashString(concept, conceptSeed) & mask;
    out.push(bucket, bucket, bucket);
  }
  return out;
}

/** Sum of the weights of `buckets`. */
export function bucketSum(weights: Float32Array, buckets: readonly number[]): number {
  let sum = 0;
  for (const bucket of buckets) sum += weights[bucket]!;
  return sum;
}

/**
 * The margin of a unit made of sentences whose bucket sums and counts are given: the bias plus
 * the summed weights divided by the square root of the feature count (so long and short units
 * compare; training uses the same formula).
 */
export function unitMargin(bias: number, sum: number, count: number): number {
  return count === 0 ? bias : bias + sum / Math.sqrt(count);
}
