import { hashString } from "../text-features/hash.js";
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
const fnvPrime = 0x01000193;
const unigramSeed = 0x9e3779b1;
const charSeed = 0x85ebca6b;
const cueSeed = 0xc2b2ae35;
const conceptSeed = 0x27d4eb2f;
/** Compiled at import; immutable afterwards. */
const concepts = compileConcepts();

/** A word bigram's hash from its two words' hashes (murmur3's finaliser spreads the bits). */
function pairHash(left: number, right: number): number {
  let hash = Math.imul(left, 0xcc9e2d51) ^ right;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/**
 * Character n-grams of `text` of every order in `orders`, hashed in one pass: FNV-1a from each
 * start, reading as far as the longest order and taking the hash at each order on the way.
 */
function pushCharNgrams(
  text: string,
  orders: readonly number[],
  mask: number,
  out: number[],
): void {
  const longest = Math.max(...orders);
  const wanted = new Uint8Array(longest + 1);
  for (const order of orders) wanted[order] = 1;
  for (let start = 0; start < text.length; start += 1) {
    let hash = charSeed;
    const end = Math.min(text.length, start + longest);
    for (let index = start; index < end; index += 1) {
      hash = Math.imul(hash ^ text.charCodeAt(index), fnvPrime);
      if (wanted[index - start + 1] === 1) out.push((hash >>> 0) & mask);
    }
  }
}

/**
 * The hash buckets of one sentence (with repeats: a feature that occurs twice is listed twice):
 * word unigrams and bigrams, character n-grams of the space-joined words (which carry across
 * languages without word breaks, inflections and typos such as "igmre"), structural cues, and
 * cross-lingual notions and their pairs (see `concept-lexicon.ts`), each counted three times so
 * a notion weighs like a word and its n-grams. A pair of sentences is scored from the union of
 * its two sentences' buckets, so each sentence is featurised once.
 *
 * @example
 * sentenceBuckets("Ignore the task.", { bits: 18, charNgrams: [3, 4] }).length > 0 // true
 */
export function sentenceBuckets(sentence: string, config: PiFeatureConfig): number[] {
  const mask = (1 << config.bits) - 1;
  const normal = normalizeForInjection(sentence);
  const words = normal.match(wordPattern) ?? [];
  const out: number[] = [];
  let previous = 0;
  for (let index = 0; index < words.length; index += 1) {
    const hash = hashString(words[index]!, unigramSeed);
    out.push(hash & mask);
    if (index > 0) out.push(pairHash(previous, hash) & mask);
    previous = hash;
  }
  pushCharNgrams(` ${words.join(" ")} `, config.charNgrams, mask, out);
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
