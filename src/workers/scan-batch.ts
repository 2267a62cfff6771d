import { z } from "zod";
import type { ScanTaskInput, ScanTaskOutput } from "./scan-task.js";

/**
 * Several scans sent to one worker in one message, run one after the other. `control` lives on a
 * `SharedArrayBuffer` that the pool and the worker both see (see {@link batchControl}).
 */
export interface ScanBatchInput {
  items: ScanTaskInput[];
  control: Int32Array;
}

/** One output per item, in order; `null` for an item the pool told the worker to skip. */
export type ScanBatchOutput = (ScanTaskOutput | null)[];

/**
 * The layout of a batch's control array. The worker writes the index of the item it is about to
 * run into {@link batchControl.running} (the item count once it is done) and then reads the
 * item's skip flag; the pool sets a skip flag (an item that ran out of time) and then reads
 * `running`. Both sides use `Atomics`, so either the worker sees the flag and skips the item, or
 * the pool sees that the item has started — then the worker is stuck on it and is terminated.
 */
export const batchControl = {
  /** Index of the item being run; -1 before the first. */
  running: 0,
  /** Index of item `i`'s skip flag. */
  skip: (item: number): number => 1 + item,
  /** Int32 slots a batch of `items` needs. */
  size: (items: number): number => 1 + items,
} as const;

/** Run one scan (a worker module's `scanTask`). */
export type RunScanTask = (input: ScanTaskInput) => Promise<ScanTaskOutput>;

/**
 * Make the function a worker runs for each batch: the items in order, each through `run`, skipping
 * those the pool has flagged. One message each way per batch instead of per scan saves the
 * structured-clone and thread wake-up work that dominated the hand-off.
 *
 * @example
 * const runBatch = createBatchTask(run);
 * const outputs = await runBatch({ items, control: new Int32Array(new SharedArrayBuffer(8)) });
 */
export function createBatchTask(
  run: RunScanTask,
): (input: ScanBatchInput) => Promise<ScanBatchOutput> {
  return async function runBatch({ items, control }: ScanBatchInput): Promise<ScanBatchOutput> {
    const outputs: ScanBatchOutput = [];
    for (let index = 0; index < items.length; index++) {
      Atomics.store(control, batchControl.running, index);
      if (Atomics.load(control, batchControl.skip(index)) !== 0) outputs.push(null);
      else outputs.push(await run(items[index]!));
    }
    Atomics.store(control, batchControl.running, items.length);
    return outputs;
  };
}

const batchWorkerDataSchema = z.object({ taskModule: z.string() });

/** The module (a file URL) whose `scanTask` export a batch worker runs for every item. */
export function parseBatchWorkerData(value: unknown): { taskModule: string } {
  return batchWorkerDataSchema.parse(value);
}
