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
  /**
   * The two sums `margin` is made of, into `out`: w·v and v·v, v the log-scaled counts (so the
   * margin is `bias + (norm > 0 ? dot / Math.sqrt(norm) : 0)`, bit for bit); each distinct
   * bucket and its count also go to `buckets` and `counts` from `at` (room for {@link distinct}).
   */
  sums(
    weights: Float32Array,
    out: Float64Array,
    buckets: Uint32Array,
    counts: Uint32Array,
    at: number,
  ): void;
  /** How often `bucket` was counted (0: never). */
  countOf(bucket: number): number;
  /** How many distinct buckets were counted. */
  readonly distinct: number;
}

/** Slots of the count table at first; it doubles whenever it is half full. */
const initialSlots = 1024;

/** `1 + ln(count)` for the small counts almost every bucket has. */
const logValue = Float64Array.from({ length: 64 }, (_, count) => 1 + Math.log(Math.max(1, count)));

/** `1 + ln(count)` for a bucket counted `count` (≥ 1) times, as {@link BucketCounts.margin} has it. */
export function logCountValue(count: number): number {
  return count < 64 ? logValue[count]! : 1 + Math.log(count);
}

/**
 * The count table. A class, so every scorer's `visit` is one function: V8 inlines it into the
 * feature loops of the prompt-injection and toxicity scorers alike (a closure per table made
 * those call sites megamorphic once both detectors ran in one process).
 */
class BucketCountTable implements BucketCounts {
  private slots = initialSlots;
  private shift = 32 - Math.log2(initialSlots);
  /**
   * Per slot, two cells side by side (one cache line holds both): bucket + 1, 0 for an empty
   * slot, then the bucket's count. {@link reset} empties the slots the text used (listed in
   * `order`), so no per-slot generation stamp has to be loaded and compared.
   */
  private cells = new Int32Array(initialSlots * 2);
  /** The cell index (twice the slot) of each bucket, in the order buckets first occurred. */
  private order = new Int32Array(initialSlots >>> 1);
  private used = 0;

  /** Index of the key cell of `bucket`'s slot, or of the empty slot where it would go. */
  private cellOf(bucket: number): number {
    const cells = this.cells;
    const mask = (this.slots - 1) << 1;
    const key = bucket + 1;
    let cell = (Math.imul(bucket, 0x9e3779b1) >>> this.shift) << 1;
    let stored = cells[cell]!;
    while (stored !== key && stored !== 0) {
      cell = (cell + 2) & mask;
      stored = cells[cell]!;
    }
    return cell;
  }

  private grow(): void {
    const previous = { cells: this.cells, order: this.order, used: this.used };
    this.slots *= 2;
    this.shift -= 1;
    this.cells = new Int32Array(this.slots * 2);
    this.order = new Int32Array(this.slots >>> 1);
    for (let position = 0; position < previous.used; position += 1) {
      const old = previous.order[position]!;
      const cell = this.cellOf(previous.cells[old]! - 1);
      this.cells[cell] = previous.cells[old]!;
      this.cells[cell + 1] = previous.cells[old + 1]!;
      this.order[position] = cell;
    }
  }

  reset(): void {
    const { cells, order, used } = this;
    for (let position = 0; position < used; position += 1) cells[order[position]!] = 0;
    this.used = 0;
  }

  visit(bucket: number): void {
    const cell = this.cellOf(bucket);
    const cells = this.cells;
    if (cells[cell] !== 0) {
      cells[cell + 1]! += 1;
      return;
    }
    cells[cell] = bucket + 1;
    cells[cell + 1] = 1;
    this.order[this.used] = cell;
    this.used += 1;
    if (this.used === this.order.length) this.grow();
  }

  visitAll(buckets: Uint32Array, from: number, to: number): void {
    for (let position = from; position < to; position += 1) this.visit(buckets[position]!);
  }

  margin(model: Pick<LinearModel, "bias" | "weights">): number {
    const { order, cells, used } = this;
    let dot = 0;
    let norm = 0;
    for (let position = 0; position < used; position += 1) {
      const cell = order[position]!;
      const count = cells[cell + 1]!;
      const value = count < 64 ? logValue[count]! : 1 + Math.log(count);
      dot += model.weights[cells[cell]! - 1]! * value;
      norm += value * value;
    }
    return model.bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
  }

  sums(
    weights: Float32Array,
    out: Float64Array,
    buckets: Uint32Array,
    counts: Uint32Array,
    at: number,
  ): void {
    const { order, cells, used } = this;
    let dot = 0;
    let norm = 0;
    for (let position = 0; position < used; position += 1) {
      const cell = order[position]!;
      const bucket = cells[cell]! - 1;
      const count = cells[cell + 1]!;
      const value = count < 64 ? logValue[count]! : 1 + Math.log(count);
      dot += weights[bucket]! * value;
      norm += value * value;
      buckets[at + position] = bucket;
      counts[at + position] = count;
    }
    out[0] = dot;
    out[1] = norm;
  }

  countOf(bucket: number): number {
    const cell = this.cellOf(bucket);
    return this.cells[cell] === 0 ? 0 : this.cells[cell + 1]!;
  }

  get distinct(): number {
    return this.used;
  }
}

/** A count table (one per scorer, so no state is shared between detectors). */
export function createBucketCounts(): BucketCounts {
  return new BucketCountTable();
}
