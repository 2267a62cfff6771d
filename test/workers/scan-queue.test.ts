import { describe, expect, it } from "vitest";
import type { ScanBatchInput, ScanBatchOutput } from "../../src/workers/scan-batch.js";
import { type RunBatch, ScanQueue } from "../../src/workers/scan-queue.js";
import type { ScanTaskInput } from "../../src/workers/scan-task.js";

/** A worker stand-in: records each batch and answers it when the test says so. */
function fakeWorkers() {
  const batches: Array<{ texts: string[]; answer: () => void }> = [];
  const runBatch: RunBatch = (input: ScanBatchInput) =>
    new Promise<ScanBatchOutput>((resolve) => {
      batches.push({
        texts: input.items.map((item) => item.text),
        answer: () =>
          resolve(
            input.items.map((item) => ({
              ok: true,
              sanitized: item.text.toUpperCase(),
              valid: {},
              scores: {},
              elapsedMs: 0,
            })),
          ),
      });
    });
  return { runBatch, batches };
}

const task = (text: string): ScanTaskInput => ({
  text,
  mode: "analyze",
  failFast: false,
  suppress: [],
});

describe("ScanQueue", () => {
  it("hands a lone scan to a free worker at once, in a batch of its own", async () => {
    const { runBatch, batches } = fakeWorkers();
    const queue = new ScanQueue({ runBatch, threads: 2, maxQueue: 64, maxBatch: 8 });
    const answer = queue.scan(task("alone"), 10_000);
    // Sent inside scan() itself: no timer, no tick spent waiting for batchmates.
    expect(batches.map((batch) => batch.texts)).toEqual([["alone"]]);
    expect(queue.size).toBe(0);
    batches[0]!.answer();
    await expect(answer).resolves.toMatchObject({ sanitized: "ALONE" });
    queue.close();
  });

  it("batches only the scans that wait while every worker is busy", async () => {
    const { runBatch, batches } = fakeWorkers();
    const queue = new ScanQueue({ runBatch, threads: 1, maxQueue: 64, maxBatch: 8 });
    const first = queue.scan(task("a"), 10_000);
    const waiting = ["b", "c", "d"].map((text) => queue.scan(task(text), 10_000));
    expect(batches.map((batch) => batch.texts)).toEqual([["a"]]);
    expect(queue.size).toBe(3);
    batches[0]!.answer();
    await expect(first).resolves.toMatchObject({ sanitized: "A" });
    expect(batches.map((batch) => batch.texts)).toEqual([["a"], ["b", "c", "d"]]);
    batches[1]!.answer();
    expect((await Promise.all(waiting)).map((out) => out.sanitized)).toEqual(["B", "C", "D"]);
    queue.close();
  });

  it("cancels every unanswered scan on a shared signal (one connection's), none answered before", async () => {
    const { runBatch, batches } = fakeWorkers();
    const queue = new ScanQueue({ runBatch, threads: 1, maxQueue: 64, maxBatch: 8 });
    const connection = new AbortController();
    const { signal } = connection;
    const first = queue.scan(task("a"), 10_000, signal);
    batches[0]!.answer();
    await expect(first).resolves.toMatchObject({ sanitized: "A" });
    const running = queue.scan(task("b"), 10_000, signal);
    const waiting = queue.scan(task("c"), 10_000, signal);
    const other = queue.scan(task("d"), 10_000, new AbortController().signal);
    expect(queue.size).toBe(2);
    connection.abort();
    await expect(running).rejects.toThrow("cancelled");
    await expect(waiting).rejects.toThrow("cancelled");
    // The waiting scan left the queue; the other caller's scan still runs.
    expect(queue.size).toBe(1);
    batches[1]!.answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches.map((batch) => batch.texts)).toEqual([["a"], ["b"], ["d"]]);
    batches[2]!.answer();
    await expect(other).resolves.toMatchObject({ sanitized: "D" });
    await expect(queue.scan(task("e"), 10_000, signal)).rejects.toThrow("cancelled");
    queue.close();
  });
});
