import { availableParallelism } from "node:os";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResourceLimits } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError, ConfigError } from "../common/errors.js";
import { createLogger } from "../common/logger.js";
import { ScanAbortedError, ScanQueueFullError, ScanTimeoutError } from "./errors.js";
import type {
  ScanMode,
  ScannerConfigInput,
  ScanTaskInput,
  ScanTaskOutput,
  ScanTaskResult,
  ScanWorkerData,
} from "./scan-task.js";
import { TimeLimit } from "./time-limit.js";

export interface ScanPoolOptions {
  /** The scanners every task runs, in order (an `input_scanners` list). */
  scanners: readonly ScannerConfigInput[];
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number;
  /** Scans allowed to wait for a free worker; one more is refused (default `max(64, threads × 32)`). */
  maxQueue?: number;
  /** Time limit per scan, waiting included; the worker is terminated when it passes (default 10 s). */
  timeoutMs?: number;
  /** Names the scanner list in configuration errors (default `input_scanners`). */
  source?: string;
  /**
   * Called when a worker fails outside any scan (a scanner's stray async error); the worker is
   * replaced. Default: an error line on stderr.
   */
  onWorkerError?: (error: Error) => void;
  /** Worker module exporting `scanTask`; default the built-in one that uses the scanner registry. */
  workerFile?: string | URL;
  /**
   * V8 heap limits of each worker thread (default {@link defaultWorkerResourceLimits}: a small
   * young generation, which keeps each worker's memory flat under load at no measurable CPU cost).
   */
  resourceLimits?: ResourceLimits;
}

/**
 * A scan allocates a few hundred kilobytes of short-lived garbage and keeps nothing; V8 would
 * otherwise grow each worker's young generation to tens of megabytes under sustained load.
 */
export const defaultWorkerResourceLimits: Readonly<ResourceLimits> = Object.freeze({
  maxYoungGenerationSizeMb: 8,
});

/**
 * What {@link PoolScanOptions.signal} needs: an `AbortSignal` will do, and so will anything with
 * its `aborted` flag and its two listener methods (the guard API passes a lighter object).
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface PoolScanOptions {
  /** Stop after the first invalid result (default false). */
  failFast?: boolean;
  /** Scanner names to skip for this scan. */
  suppress?: readonly string[];
  /** `analyze` (default): chained, sanitizing; `scan`: every scanner on the original text. */
  mode?: ScanMode;
  /** Cancels the scan (for example when the client went away). */
  signal?: CancelSignal;
}

/** What one scan returns: the sanitized text and the validity and score maps. */
export type ScanOutcome = Omit<ScanTaskResult, "ok">;

/** A pool of worker threads running `scanPrompt`, with a bounded queue and a per-scan time limit. */
export interface ScanPool {
  scan(text: string, options?: PoolScanOptions): Promise<ScanOutcome>;
  /** Build the scanners in every worker; rejects with the first configuration error. */
  warmup(): Promise<void>;
  /** Scans waiting for a worker. */
  readonly queueSize: number;
  readonly threads: number;
  readonly maxQueue: number;
  readonly timeoutMs: number;
  destroy(): Promise<void>;
}

/** Time allowed for a worker to start and build its scanners during {@link ScanPool.warmup}. */
const loadTimeoutMs = 120_000;

/** The worker module beside this file: `.ts` when running from sources, `.js` from `dist/`. */
function defaultWorkerFile(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./scan-worker${extname(self)}`, import.meta.url));
}

function reportWorkerError(error: Error): void {
  createLogger({ name: "ragguard" }).error({ err: error }, "A scan worker failed and was replaced");
}

/** `promise`, or a {@link ScanAbortedError} as soon as `signal` aborts. */
function untilCancelled<T>(promise: Promise<T>, signal: CancelSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const cancel = () => reject(new ScanAbortedError("The scan was cancelled."));
    signal.addEventListener("abort", cancel, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", cancel);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", cancel);
        reject(error);
      },
    );
  });
}

function toFailure(output: Exclude<ScanTaskOutput, ScanTaskResult>): AppError {
  if (output.code === "config_invalid") return new ConfigError(output.message);
  return new AppError(output.message, {
    status: output.status,
    code: output.code,
    expose: output.expose,
  });
}

/**
 * Start a pool of scan workers. Each scan gets a fresh `Vault` in its worker; a scan that runs past
 * `timeoutMs` rejects with {@link ScanTimeoutError} and its worker is replaced, so a runaway regex
 * cannot hang the caller; a full queue rejects with {@link ScanQueueFullError}.
 *
 * @example
 * const pool = createScanPool({ scanners: [{ type: "Toxicity" }], threads: 2, timeoutMs: 5_000 });
 * const { sanitized, valid, scores } = await pool.scan(prompt, { mode: "analyze" });
 * await pool.destroy();
 */
export function createScanPool(options: ScanPoolOptions): ScanPool {
  const threads = options.threads ?? availableParallelism();
  const maxQueue = options.maxQueue ?? Math.max(64, threads * 32);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const filename =
    options.workerFile === undefined
      ? defaultWorkerFile()
      : typeof options.workerFile === "string"
        ? options.workerFile
        : fileURLToPath(options.workerFile);
  const piscina = new Piscina<ScanTaskInput, ScanTaskOutput>({
    filename,
    name: "scanTask",
    minThreads: threads,
    maxThreads: threads,
    // The bound is ours (below), so that scans whose callers have gone do not count against it.
    maxQueue: Number.POSITIVE_INFINITY,
    idleTimeout: 60_000,
    // Nobody reads piscina's run-time histogram; recording it costs every task.
    recordTiming: false,
    // Keep the workers' event loops running between tasks (async scanner work, timers).
    atomics: "disabled",
    resourceLimits: { ...defaultWorkerResourceLimits, ...options.resourceLimits },
    workerData: {
      scanners: options.scanners.map((c) => ({ type: c.type, params: c.params ?? {} })),
      source: options.source ?? "input_scanners",
    } satisfies ScanWorkerData,
    ...(filename.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
  });
  // Without a listener, an 'error' event would crash the whole process.
  piscina.on("error", options.onWorkerError ?? reportWorkerError);
  let closed = false;
  /** Scans whose caller has gone (answered with ScanAbortedError) but that have not settled yet. */
  let abandoned = 0;

  async function runTask(
    text: string,
    scanOptions: PoolScanOptions,
    limitMs: number,
  ): Promise<ScanOutcome> {
    if (closed) throw new ScanAbortedError("The scan pool is closed.");
    // Abandoned scans are forgiven up to one more queue's worth, so callers that hang up at once
    // cannot grow the queue without bound.
    if (piscina.queueSize - Math.min(abandoned, maxQueue) >= maxQueue) {
      throw new ScanQueueFullError(maxQueue);
    }
    const callerSignal = scanOptions.signal;
    if (callerSignal?.aborted) throw new ScanAbortedError("The scan was cancelled.");
    // Only the time limit aborts the piscina task: aborting a task that is running terminates
    // its worker, and a client that hangs up mid-scan (every load generator at the end of a run)
    // would cost a worker restart of several seconds for a scan of a millisecond. A cancelled
    // caller gets its answer at once; the scan finishes unseen, still under the time limit.
    const limit = new TimeLimit(limitMs);
    const input: ScanTaskInput = {
      text,
      mode: scanOptions.mode ?? "analyze",
      failFast: scanOptions.failFast ?? false,
      suppress: scanOptions.suppress === undefined ? [] : [...scanOptions.suppress],
    };
    const task = piscina.run(input, { signal: limit });
    const settled = task.finally(() => limit.clear());
    settled.catch(() => {});
    let output: ScanTaskOutput;
    try {
      output = await untilCancelled(settled, callerSignal);
    } catch (error) {
      if (error instanceof ScanAbortedError) {
        abandoned += 1;
        const release = () => {
          abandoned -= 1;
        };
        settled.then(release, release);
        throw error;
      }
      if (limit.aborted) throw new ScanTimeoutError(limitMs);
      if (closed) throw new ScanAbortedError("The scan pool is closed.");
      throw error;
    }
    if (!output.ok) throw toFailure(output);
    const { ok: _ok, ...outcome } = output;
    return outcome;
  }

  return {
    scan: (text, scanOptions = {}) => runTask(text, scanOptions, timeoutMs),
    async warmup() {
      // Loading models can take far longer than one scan may, so warm-up has its own limit.
      const limitMs = Math.max(timeoutMs, loadTimeoutMs);
      await Promise.all(
        Array.from({ length: threads }, () => runTask("ragguard warm-up", {}, limitMs)),
      );
    },
    get queueSize() {
      return piscina.queueSize;
    },
    threads,
    maxQueue,
    timeoutMs,
    async destroy() {
      if (closed) return;
      closed = true;
      await piscina.destroy();
    },
  };
}
