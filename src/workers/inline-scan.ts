import { performance } from "node:perf_hooks";
import { ScanAbortedError, ScanTimeoutError } from "./errors.js";
import { scanFailureError } from "./scan-failure.js";
import type { CancelSignal, ScanOutcome } from "./scan-queue.js";
import {
  type CreateScannerFn,
  createScanTask,
  type ScannerConfigInput,
  type ScanTaskInput,
  warmUpScanTask,
} from "./scan-task.js";

export interface InlineScannerOptions {
  /** The pool's scanner list: the main thread builds the same set as each worker. */
  scanners: readonly ScannerConfigInput[];
  /** Names the scanner list in configuration errors. */
  source: string;
  /** The factory the workers use (the scanner registry's `createScanner`, or a test's). */
  createScanner: CreateScannerFn | Promise<CreateScannerFn>;
}

/** Scans on the caller's own thread (see {@link createInlineScanner}). */
export interface InlineScanner {
  /** Resolves once the scanners are built and warmed up; rejects as a worker's warm-up would. */
  readonly ready: Promise<void>;
  /** Built, warmed up, and no inline scan is running. */
  readonly free: boolean;
  scan(input: ScanTaskInput, limitMs: number, signal?: CancelSignal): Promise<ScanOutcome>;
}

/**
 * The scan task a worker runs, on the main thread: the same scanners built from the same list
 * with the same per-task vault ({@link createScanTask}), so an answer is the same whichever
 * thread ran it. A scan here blocks the event loop while its scanners run, so the pool sends
 * only short prompts, one at a time, and only when no worker is busy. Its time limit cannot stop
 * it: a scan that ends past its limit (or is overtaken by it while waiting on async work) is
 * answered with {@link ScanTimeoutError}, as a worker's would be; one whose caller cancels is
 * answered at once with {@link ScanAbortedError} and finishes unseen.
 *
 * @example
 * const inline = createInlineScanner({ scanners, source: "input_scanners", createScanner });
 * await inline.ready;
 * const outcome = await inline.scan({ text, mode: "analyze", failFast: false, suppress: [] }, 10_000);
 */
export function createInlineScanner(options: InlineScannerOptions): InlineScanner {
  let loaded = false;
  let running = 0;
  const task = Promise.resolve(options.createScanner).then(async (createScanner) => {
    const run = createScanTask(options.scanners, createScanner, options.source);
    await warmUpScanTask(run);
    loaded = true;
    return run;
  });
  const ready = task.then(async (run) => {
    // The pool's warm-up scan, so that a scanner that fails to build rejects the same way.
    const output = await run({
      text: "ragguard warm-up",
      mode: "analyze",
      failFast: false,
      suppress: [],
    });
    if (!output.ok) throw scanFailureError(output);
  });
  ready.catch(() => {});
  const release = () => {
    running -= 1;
  };

  async function scan(
    input: ScanTaskInput,
    limitMs: number,
    signal?: CancelSignal,
  ): Promise<ScanOutcome> {
    if (signal?.aborted) throw new ScanAbortedError("The scan was cancelled.");
    // Counted at once: a scan asked for in the same tick must see this one running.
    running += 1;
    const deadline = performance.now() + limitMs;
    const work = task.then((run) => run(input));
    // Free again once the scanners are done, even if the caller was answered before.
    work.then(release, release);
    let stop: ((error: Error) => void) | undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      stop = reject;
    });
    const onCancel = () => stop!(new ScanAbortedError("The scan was cancelled."));
    const timer = setTimeout(() => stop!(new ScanTimeoutError(limitMs)), limitMs);
    signal?.addEventListener("abort", onCancel, { once: true });
    try {
      const output = await Promise.race([work, stopped]);
      if (!output.ok) throw scanFailureError(output);
      if (performance.now() > deadline) throw new ScanTimeoutError(limitMs);
      const { ok: _ok, ...outcome } = output;
      return outcome;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCancel);
    }
  }

  return {
    ready,
    get free() {
      return loaded && running === 0;
    },
    scan,
  };
}
