import { availableParallelism } from "node:os";
import { extname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ResourceLimits } from "node:worker_threads";
import { Piscina } from "piscina";
import { createLogger } from "../common/logger.js";
import type { ScanBatchInput, ScanBatchOutput } from "./scan-batch.js";
import { type ScanOutcome, ScanQueue } from "./scan-queue.js";
import type { ScanMode, ScannerConfigInput, ScanTaskInput, ScanWorkerData } from "./scan-task.js";

export type { ScanOutcome } from "./scan-queue.js";

export interface ScanPoolOptions {
  /** The scanners every task runs, in order (an `input_scanners` list). */
  scanners: readonly ScannerConfigInput[];
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number;
  /** Scans allowed to wait for a free worker; one more is refused (default `max(64, threads × 32)`). */
  maxQueue?: number;
  /** Time limit per scan, waiting included; the worker is terminated when it passes (default 10 s). */
  timeoutMs?: number;
  /**
   * Most scans handed to a worker in one message when several are waiting (default 8). Batches
   * cut the thread hand-offs per scan; a scan that runs out of time still gets its own 408 and
   * the others of its batch run again.
   */
  maxBatch?: number;
  /** Names the scanner list in configuration errors (default `input_scanners`). */
  source?: string;
  /**
   * Called when a worker fails outside any scan (a scanner's stray async error); the worker is
   * replaced. Default: an error line on stderr.
   */
  onWorkerError?: (error: Error) => void;
  /** Worker module exporting `scanTask`; default the built-in one that uses the scanner registry. */
  workerFile?: string | URL;
  /** V8 heap limits of each worker thread (Node's defaults when absent). */
  resourceLimits?: ResourceLimits;
}

export interface PoolScanOptions {
  /** Stop after the first invalid result (default false). */
  failFast?: boolean;
  /** Scanner names to skip for this scan. */
  suppress?: readonly string[];
  /** `analyze` (default): chained, sanitizing; `scan`: every scanner on the original text. */
  mode?: ScanMode;
  /** Cancels the scan (for example when the client went away). */
  signal?: AbortSignal;
}

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

/** A module beside this file: `.ts` when running from sources, `.js` from `dist/`. */
function siblingFile(name: string): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./${name}${extname(self)}`, import.meta.url));
}

function reportWorkerError(error: Error): void {
  createLogger({ name: "ragguard" }).error({ err: error }, "A scan worker failed and was replaced");
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
  const taskFile =
    options.workerFile === undefined
      ? siblingFile("scan-worker")
      : typeof options.workerFile === "string"
        ? options.workerFile
        : fileURLToPath(options.workerFile);
  const filename = siblingFile("batch-worker");
  const piscina = new Piscina<ScanBatchInput, ScanBatchOutput>({
    filename,
    name: "scanBatch",
    minThreads: threads,
    maxThreads: threads,
    // The queue is ours (ScanQueue); piscina only holds a batch while a worker is replaced.
    maxQueue: Number.POSITIVE_INFINITY,
    idleTimeout: 60_000,
    // Nobody reads piscina's run-time histogram; recording it costs every task.
    recordTiming: false,
    // Keep the workers' event loops running between tasks (async scanner work, timers).
    atomics: "disabled",
    ...(options.resourceLimits === undefined ? {} : { resourceLimits: options.resourceLimits }),
    workerData: {
      scanners: options.scanners.map((c) => ({ type: c.type, params: c.params ?? {} })),
      source: options.source ?? "input_scanners",
      taskModule: pathToFileURL(taskFile).href,
    } satisfies ScanWorkerData & { taskModule: string },
    ...(filename.endsWith(".ts") || taskFile.endsWith(".ts")
      ? { execArgv: ["--import", "tsx"] }
      : {}),
  });
  // Without a listener, an 'error' event would crash the whole process.
  piscina.on("error", options.onWorkerError ?? reportWorkerError);
  const queue = new ScanQueue({
    runBatch: (input, signal) => piscina.run(input, { signal }),
    threads,
    maxQueue,
    maxBatch: Math.max(1, options.maxBatch ?? 8),
  });
  let closed = false;

  function toInput(text: string, scanOptions: PoolScanOptions): ScanTaskInput {
    return {
      text,
      mode: scanOptions.mode ?? "analyze",
      failFast: scanOptions.failFast ?? false,
      suppress: scanOptions.suppress === undefined ? [] : [...scanOptions.suppress],
    };
  }

  function scan(text: string, scanOptions: PoolScanOptions = {}) {
    return queue.scan(toInput(text, scanOptions), timeoutMs, scanOptions.signal);
  }

  return {
    scan,
    async warmup() {
      // Loading models can take far longer than one scan may, so warm-up has its own limit.
      const limitMs = Math.max(timeoutMs, loadTimeoutMs);
      const input = toInput("ragguard warm-up", {});
      // Settled, all of them, before the first failure is reported: the pool is idle after.
      const loads = await Promise.allSettled(
        Array.from({ length: threads }, () => queue.scan(input, limitMs)),
      );
      const failed = loads.find((load) => load.status === "rejected");
      if (failed !== undefined) throw failed.reason;
    },
    get queueSize() {
      return queue.size;
    },
    threads,
    maxQueue,
    timeoutMs,
    async destroy() {
      if (closed) return;
      closed = true;
      queue.close();
      await piscina.destroy();
    },
  };
}
