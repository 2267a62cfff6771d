import type { LinearModel } from "./linear-model.js";

/**
 * Counts of the feature buckets of one text, in an open-addressing table owned by one scorer: a
 * few thousand slots stay in the CPU cache, where a dense count array of `2^bits` entries missed
 * it on almost every feature. Buckets are summed in the order they first occurred.
 */
export interface BucketCounts {
  /** Forget the previous text's counts. */
  reset(): void;
  /** Count one occurrence of `bucket`. */
  visit(bucket: number): void;
  /** bias + w·x of the counted text, x the L2-normalised log-scaled counts. */
  margin(model: Pick<LinearModel, "bias" | "weights">): number;
}

/** Slots of the count table at first; it doubles whenever it is half full. */
const initialSlots = 1024;

/** A count table (one per scorer, so no state is shared between detectors). */
export function createBucketCounts(): BucketCounts {
  const logValue = Float64Array.from(
    { length: 64 },
    (_, count) => 1 + Math.log(Math.max(1, count)),
  );
  let slots = initialSlots;
  let shift = 32 - Math.log2(slots);
  /** Bucket stored in each slot, valid only where `stamps[slot] === generation`. */
  let keys = new Uint32Array(slots);
  let counts = new Uint32Array(slots);
  let stamps = new Uint32Array(slots);
  /** Slots in the order their buckets first occurred in the current text. */
  let order = new Uint32Array(slots >>> 1);
  let used = 0;
  let generation = 0;

  const slotOf = (bucket: number): number => {
    let slot = Math.imul(bucket, 0x9e3779b1) >>> shift;
    while (stamps[slot] === generation && keys[slot] !== bucket) slot = (slot + 1) & (slots - 1);
    return slot;
  };
  const grow = (): void => {
    const previous = { keys, counts, order, used };
    slots *= 2;
    shift -= 1;
    keys = new Uint32Array(slots);
    counts = new Uint32Array(slots);
    stamps = new Uint32Array(slots);
    order = new Uint32Array(slots >>> 1);
    generation = 1;
    for (let position = 0; position < previous.used; position += 1) {
      const old = previous.order[position]!;
      const slot = slotOf(previous.keys[old]!);
      keys[slot] = previous.keys[old]!;
      counts[slot] = previous.counts[old]!;
      stamps[slot] = generation;
      order[position] = slot;
    }
  };
  return {
    reset() {
      used = 0;
      generation += 1;
      if (generation === 0xffffffff) {
        stamps.fill(0);
        generation = 1;
      }
    },
    visit(bucket) {
      const slot = slotOf(bucket);
      if (stamps[slot] === generation) {
        counts[slot]! += 1;
        return;
      }
      stamps[slot] = generation;
      keys[slot] = bucket;
      counts[slot] = 1;
      order[used] = slot;
      used += 1;
      if (used === order.length) grow();
    },
    margin(model) {
      let dot = 0;
      let norm = 0;
      for (let position = 0; position < used; position += 1) {
        const slot = order[position]!;
        const count = counts[slot]!;
        const value = count < 64 ? logValue[count]! : 1 + Math.log(count);
        dot += model.weights[keys[slot]!]! * value;
        norm += value * value;
      }
      return model.bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
    },
  };
}
