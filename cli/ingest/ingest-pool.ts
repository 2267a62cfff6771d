import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError, ConfigError } from "../../src/common/errors.js";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import type { ScanTaskFailure } from "../../src/workers/scan-task.js";
import { type HolderMessage, progressChunks } from "./chunk-port.js";
import type { ChunkScan, LoadedHeader } from "./chunk-scanner.js";
import type {
  IngestTaskInput,
  IngestTaskOutput,
  IngestWorkerData,
  WorkerFileOutcome,
} from "./ingest-task.js";
import type { LoadRequest, LoadSettings } from "./load-schemas.js";
import { sizeWorkerYoungGeneration } from "./worker-heap.js";

export interface IngestPoolOptions {
  scanners: readonly ScannerConfig[];
  load: LoadSettings;
  threads: number;
  /**
   * Time limit per batch of chunks scanned; the worker is replaced when it passes. File loads
   * have none (a large file takes as long as it takes, as on the main thread).
   */
  timeoutMs: number;
  /** Import pdf.js on every worker as it starts (the run has PDFs): see `IngestWorkerData`. */
  preloadPdf?: boolean;
  /** Called when a worker fails outside any task; the worker is replaced. */
  onWorkerError?: (error: Error) => void;
}

/** A file task's answer, and the port a `held` file's chunks are read through (closed otherwise). */
export interface PooledFile {
  outcome: WorkerFileOutcome;
  port: MessagePort;
}

/** Worker threads that load files and scan chunks for one ingest run. */
export interface IngestPool {
  /** Scan a batch of chunk texts on any worker. */
  scan(texts: string[]): Promise<ChunkScan[]>;
  /** Load a file on a worker, and scan it there when it has at most `inlineChunks` chunks. */
  processFile(request: LoadRequest, inlineChunks: number): Promise<PooledFile>;
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

function timeoutError(timeoutMs: number): AppError {
  return new AppError(
    `scanning a batch of ${progressChunks} chunks took longer than ${timeoutMs / 1000} s`,
    { code: "task_timeout" },
  );
}

/**
 * Start `threads` ingest workers (piscina). Scanning a batch past `timeoutMs` rejects (a file
 * task: its file comes back as `scan_failed`) and its worker is replaced; a task's own failure
 * comes back as an {@link AppError} (a {@link ConfigError} for invalid scanners).
 *
 * @example
 * const pool = createIngestPool({ scanners, load: { chunkSize: 1000, chunkOverlap: 0 }, threads: 2, timeoutMs: 120_000 });
 * const scans = await pool.scan(["hello"]);
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
    // Keep the workers' event loops running between tasks (async loader and scanner work, and
    // the ports of files whose chunks a worker holds).
    atomics: "disabled",
    workerData: {
      scanners: options.scanners.map((config) => ({
        type: config.type,
        params: config.params ?? {},
      })),
      load: options.load,
      ...(options.preloadPdf ? { preloadPdf: true } : {}),
    } satisfies IngestWorkerData,
    ...(filename.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
  });
  piscina.on(
    "error",
    options.onWorkerError ??
      ((error: Error) => process.stderr.write(`ingest worker failed: ${error.message}\n`)),
  );
  const ok = (output: IngestTaskOutput): Exclude<IngestTaskOutput, ScanTaskFailure> => {
    if (!output.ok) throw toError(output);
    return output;
  };
  return {
    async scan(texts) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      let output: IngestTaskOutput;
      try {
        output = await piscina.run({ kind: "scan", texts }, { signal });
      } catch (error) {
        if (!signal.aborted) throw error;
        throw timeoutError(options.timeoutMs);
      }
      const done = ok(output);
      if (done.kind !== "scan") throw new AppError("an ingest worker answered a scan with a file");
      return done.scans;
    },
    async processFile(request, inlineChunks) {
      const { port1, port2 } = new MessageChannel();
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      let header: LoadedHeader | undefined;
      // The time limit starts once loading is done and restarts with every batch scanned.
      port1.on("message", (message: HolderMessage) => {
        if (message.kind === "chunks") return;
        if (message.kind === "loaded") header = message.header;
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), options.timeoutMs);
      });
      let output: IngestTaskOutput;
      try {
        output = await piscina.run(
          { kind: "file", request, port: port2, inlineChunks },
          { transferList: [port2], signal: controller.signal },
        );
      } catch (error) {
        port1.close();
        if (!controller.signal.aborted) throw error;
        if (!header) throw timeoutError(options.timeoutMs);
        const { message } = timeoutError(options.timeoutMs);
        return { outcome: { kind: "scan_failed", header, message }, port: port1 };
      } finally {
        clearTimeout(timer);
        port1.removeAllListeners("message");
      }
      const held = output.ok && output.kind === "file" && output.outcome.kind === "held";
      if (!held) port1.close();
      const done = ok(output);
      if (done.kind !== "file") throw new AppError("an ingest worker answered a file with scans");
      return { outcome: done.outcome, port: port1 };
    },
    threads: options.threads,
    destroy: () => piscina.destroy(),
  };
}
