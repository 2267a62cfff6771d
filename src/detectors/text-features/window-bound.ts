import type { BucketCounts } from "./bucket-counts.js";

/**
 * `1 + ln(count)` for small counts, as the count table has it (kept here: exporting the
 * table's own made its hot loop load it through a module cell, Toxicity's margins included).
 */
const logValue = Float64Array.from({ length: 64 }, (_, count) => 1 + Math.log(Math.max(1, count)));

/** `1 + ln(count)`, and 0 for a bucket that is not there. */
function countValue(count: number): number {
  if (count === 0) return 0;
  return count < 64 ? logValue[count]! : 1 + Math.log(count);
}

/** The two pieces of a window: what scoring them left behind, and the n-grams across the join. */
export interface WindowSides {
  /** The left piece's distinct buckets and their counts, `[leftFrom, leftTo)`. */
  leftBuckets: Uint32Array;
  leftCounts: Uint32Array;
  leftFrom: number;
  leftTo: number;
  /** The right piece's counts (still in the table that scored it). */
  right: BucketCounts;
  /** w·v and v·v of the left piece, then of the right one (see `BucketCounts.sums`). */
  sums: Float64Array;
  /** The buckets of the n-grams that cross the join, `crossing[0..crossingCount)`. */
  crossing: Uint32Array;
  crossingCount: number;
  /** Scratch, one per crossing bucket: its count in the left piece. */
  crossingLeft: Uint32Array;
}

/**
 * The margin of a window of two pieces from what scoring the pieces left behind, up to
 * rounding: the window's counts are the left piece's, the right piece's and the crossing
 * n-grams', so its sums are the pieces' sums corrected for the buckets that occur on both sides
 * or across the join (one lookup per distinct bucket of the left piece, where counting the
 * window again visits every n-gram of both and sums every distinct one). The result differs
 * from the exact margin only by rounding (see {@link windowMarginSlack}).
 */
export function approximateWindowMargin(
  sides: WindowSides,
  weights: Float32Array,
  bias: number,
): number {
  const { leftBuckets, leftCounts, right, sums, crossing, crossingCount, crossingLeft } = sides;
  let dot = sums[0]! + sums[2]!;
  let norm = sums[1]! + sums[3]!;
  // One bit per crossing bucket's low five bits: most buckets are ruled out by one test.
  let crossingBits = 0;
  for (let index = 0; index < crossingCount; index += 1) {
    crossingLeft[index] = 0;
    crossingBits |= 1 << (crossing[index]! & 31);
  }
  for (let position = sides.leftFrom; position < sides.leftTo; position += 1) {
    const bucket = leftBuckets[position]!;
    const here = leftCounts[position]!;
    if (((crossingBits >>> (bucket & 31)) & 1) !== 0) {
      let crosses = false;
      for (let index = 0; index < crossingCount; index += 1)
        if (crossing[index] === bucket) {
          crossingLeft[index] = here;
          crosses = true;
        }
      // A crossing bucket is corrected below, with its crossings.
      if (crosses) continue;
    }
    const there = right.countOf(bucket);
    if (there === 0) continue;
    const before = countValue(here);
    const after = countValue(there);
    const joined = countValue(here + there);
    dot += weights[bucket]! * (joined - before - after);
    norm += joined * joined - before * before - after * after;
  }
  // Crossing buckets, each once, with how often it crosses.
  for (let index = 0; index < crossingCount; index += 1) {
    const bucket = crossing[index]!;
    let seen = false;
    let times = 0;
    for (let other = 0; other < crossingCount; other += 1) {
      if (crossing[other] !== bucket) continue;
      if (other < index) seen = true;
      times += 1;
    }
    if (seen) continue;
    const here = crossingLeft[index]!;
    const there = right.countOf(bucket);
    const before = countValue(here);
    const after = countValue(there);
    const joined = countValue(here + there + times);
    dot += weights[bucket]! * (joined - before - after);
    norm += joined * joined - before * before - after * after;
  }
  return bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
}

/**
 * How far {@link approximateWindowMargin} may be from the exact margin of a window of
 * `features` n-grams, with a thousandfold reserve. Both are sums of at most `features` terms
 * `w·v` (|w| ≤ `maxWeight`) divided by √(v·v): each rounding is at most 2^-53 of a partial
 * sum, and the partial sums are at most Σ|w|·v ≤ maxWeight·√(features·v·v), so each side is
 * within about 2·features^1.5·2^-53·maxWeight of the real margin (plus the bias's rounding).
 */
export function windowMarginSlack(features: number, maxWeight: number, bias: number): number {
  const terms = features + 16;
  return 1e3 * 4 * terms * Math.sqrt(terms) * 2 ** -53 * (maxWeight + Math.abs(bias) + 1);
}
