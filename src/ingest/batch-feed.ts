/** A file's scanned batches, taken in order by the writer. */
export interface BatchFeed<T> {
  /** The next batch, or undefined after the last; rejects when producing that batch failed. */
  next(): Promise<T | undefined>;
  /** Stop producing (the file is written or abandoned); batches in flight are dropped. */
  close(): void;
}

/**
 * Produce `count` batches in order, at most `window` of them started and not yet taken: a file's
 * chunks flow to the writer as they are scanned, and however large the file, the pipeline holds
 * no more than `window` batches of it (plus the one being written). Production starts at once, so
 * a file waiting for the writer has its first `window` batches ready.
 *
 * @example
 * const feed = windowedFeed(batches, 16, (index) => scanBatchAt(index));
 * for (let batch = await feed.next(); batch; batch = await feed.next()) write(batch);
 */
export function windowedFeed<T>(
  count: number,
  window: number,
  produce: (index: number) => Promise<T>,
): BatchFeed<T> {
  const queue: Array<Promise<T>> = [];
  let started = 0;
  let closed = false;
  const fill = (): void => {
    while (!closed && started < count && queue.length < window) {
      const batch = produce(started);
      started += 1;
      // Failures surface when the writer takes the batch; one never taken is not unhandled.
      batch.catch(() => undefined);
      queue.push(batch);
    }
  };
  fill();
  return {
    async next() {
      const batch = queue.shift();
      fill();
      return batch;
    },
    close() {
      closed = true;
      queue.length = 0;
    },
  };
}
