import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { AppError, ConfigError } from "../../src/common/errors.js";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import type { ScanTaskFailure } from "../../src/workers/scan-task.js";
import type { IngestTaskInput, IngestTaskOutput, IngestWorkerData } from "./ingest-task.js";
import type { LoadSettings } from "./load-chunks.js";
import { sizeWorkerYoungGeneration } from "./worker-heap.js";

export interface IngestPoolOptions {
  scanners: readonly ScannerConfig[];
  load: LoadSettings;
  threads: number;
  /**
   * Time limit per batch scan; the worker is replaced when it passes. File loads have none (a
   * large file takes as long as it takes, as on the main thread).
   */
  timeoutMs: number;
  /** Called when a worker fails outside any task; the worker is replaced. */
  onWorkerError?: (error: Error) => void;
}

/** Worker threads that load files and scan batches of chunks for one ingest run. */
export interface IngestPool {
  run(input: IngestTaskInput): Promise<Exclude<IngestTaskOutput, ScanTaskFailure>>;
  readonly threads: number;
  destroy(): Promise<void>;
}

/** The worker module beside this file: `.ts` when running from sources, `.js` from `dist/`. */
function workerFile(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./ingest-worker${extname(self)}`, import.meta.url));
}

function toError(output: ScanTaskFailure): AppError {
  if (output.code === "config_invalid") return new ConfigError(output.message);
  return new AppError(output.message, { status: output.status, code: output.code });
}

/**
 * Start `threads` ingest workers (piscina). A batch scan past `timeoutMs` rejects and its worker
 * is replaced; a task's own failure comes back as an {@link AppError} (a {@link ConfigError} for
 * invalid scanners).
 *
 * @example
 * const pool = createIngestPool({ scanners, load: { chunkSize: 1000, chunkOverlap: 0 }, threads: 2, timeoutMs: 120_000 });
 * const out = await pool.run({ kind: "scan", texts: ["hello"] });
 */
export function createIngestPool(options: IngestPoolOptions): IngestPool {
  const filename = workerFile();
  sizeWorkerYoungGeneration();
  const piscina = new Piscina<IngestTaskInput, IngestTaskOutput>({
    filename,
    name: "ingestTask",
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    // Keep the workers' event loops running between tasks (async loader and scanner work).
    atomics: "disabled",
    workerData: {
      scanners: options.scanners.map((config) => ({
        type: config.type,
        params: config.params ?? {},
      })),
      load: options.load,
    } satisfies IngestWorkerData,
    ...(filename.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
  });
  piscina.on(
    "error",
    options.onWorkerError ??
      ((error: Error) => process.stderr.write(`ingest worker failed: ${error.message}\n`)),
  );
  return {
    async run(input) {
      const signal = input.kind === "scan" ? AbortSignal.timeout(options.timeoutMs) : undefined;
      let output: IngestTaskOutput;
      try {
        output = await piscina.run(input, signal ? { signal } : {});
      } catch (error) {
        if (!signal?.aborted) throw error;
        throw new AppError(`scanning a batch took longer than ${options.timeoutMs / 1000} s`, {
          code: "task_timeout",
        });
      }
      if (!output.ok) throw toError(output);
      return output;
    },
    threads: options.threads,
    destroy: () => piscina.destroy(),
  };
}
