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
  /** Count each of `buckets[from..to)`, in order (as many `visit` calls, in one loop). */
  visitAll(buckets: Uint32Array, from: number, to: number): void;
  /** bias + w·x of the counted text, x the L2-normalised log-scaled counts. */
  margin(model: Pick<LinearModel, "bias" | "weights">): number;
}

/** Slots of the count table at first; it doubles whenever it is half full. */
const initialSlots = 1024;

/** `1 + ln(count)` for the small counts almost every bucket has. */
const logValue = Float64Array.from({ length: 64 }, (_, count) => 1 + Math.log(Math.max(1, count)));

/**
 * The count table. A class, so every scorer's `visit` is one function: V8 inlines it into the
 * feature loops of the prompt-injection and toxicity scorers alike (a closure per table made
 * those call sites megamorphic once both detectors ran in one process).
 */
class BucketCountTable implements BucketCounts {
  private slots = initialSlots;
  private shift = 32 - Math.log2(initialSlots);
  /**
   * Bucket + 1 stored in each slot, 0 for an empty one: {@link reset} empties the slots the text
   * used (listed in `order`), so no per-slot generation stamp has to be loaded and compared.
   */
  private keys = new Uint32Array(initialSlots);
  private counts = new Uint32Array(initialSlots);
  /** Slots in the order their buckets first occurred in the current text. */
  private order = new Uint32Array(initialSlots >>> 1);
  private used = 0;

  private slotOf(bucket: number): number {
    const keys = this.keys;
    const mask = this.slots - 1;
    const key = bucket + 1;
    let slot = Math.imul(bucket, 0x9e3779b1) >>> this.shift;
    let stored = keys[slot]!;
    while (stored !== 0 && stored !== key) {
      slot = (slot + 1) & mask;
      stored = keys[slot]!;
    }
    return slot;
  }

  private grow(): void {
    const previous = { keys: this.keys, counts: this.counts, order: this.order, used: this.used };
    this.slots *= 2;
    this.shift -= 1;
    this.keys = new Uint32Array(this.slots);
    this.counts = new Uint32Array(this.slots);
    this.order = new Uint32Array(this.slots >>> 1);
    for (let position = 0; position < previous.used; position += 1) {
      const old = previous.order[position]!;
      const slot = this.slotOf(previous.keys[old]! - 1);
      this.keys[slot] = previous.keys[old]!;
      this.counts[slot] = previous.counts[old]!;
      this.order[position] = slot;
    }
  }

  reset(): void {
    const { keys, order, used } = this;
    for (let position = 0; position < used; position += 1) keys[order[position]!] = 0;
    this.used = 0;
  }

  visit(bucket: number): void {
    const slot = this.slotOf(bucket);
    if (this.keys[slot] !== 0) {
      this.counts[slot]! += 1;
      return;
    }
    this.keys[slot] = bucket + 1;
    this.counts[slot] = 1;
    this.order[this.used] = slot;
    this.used += 1;
    if (this.used === this.order.length) this.grow();
  }

  visitAll(buckets: Uint32Array, from: number, to: number): void {
    for (let position = from; position < to; position += 1) this.visit(buckets[position]!);
  }

  margin(model: Pick<LinearModel, "bias" | "weights">): number {
    const { order, counts, keys, used } = this;
    let dot = 0;
    let norm = 0;
    for (let position = 0; position < used; position += 1) {
      const slot = order[position]!;
      const count = counts[slot]!;
      const value = count < 64 ? logValue[count]! : 1 + Math.log(count);
      dot += model.weights[keys[slot]! - 1]! * value;
      norm += value * value;
    }
    return model.bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
  }
}

/** A count table (one per scorer, so no state is shared between detectors). */
export function createBucketCounts(): BucketCounts {
  return new BucketCountTable();
}
