import { MessageChannel, type MessagePort } from "node:worker_threads";
import { loaderNameFor } from "../../loaders/formats.js";
import { AppError, ConfigError } from "../../src/common/errors.js";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import type { ScanTaskFailure } from "../../src/workers/scan-task.js";
import { type HolderMessage, progressChunks } from "./chunk-port.js";
import type { ChunkScan, LoadedHeader } from "./chunk-scanner.js";
import { createIngestLane, type IngestLane } from "./ingest-lane.js";
import type { IngestTaskOutput, WorkerFileOutcome } from "./ingest-task.js";
import type { LoadRequest, LoadSettings } from "./load-schemas.js";
import { tuneWorkerIsolates } from "./worker-v8.js";

export interface IngestPoolOptions {
  scanners: readonly ScannerConfig[];
  load: LoadSettings;
  threads: number;
  /**
   * Time limit per batch of chunks scanned; the worker is replaced when it passes. File loads
   * have none (a large file takes as long as it takes, as on the main thread).
   */
  timeoutMs: number;
  /**
   * Workers that load PDFs (0 to `threads`; 0 when the run has none): they import pdf.js as they
   * start (see `IngestWorkerData`) and every `.pdf` file is loaded on one of them, so pdf.js is
   * compiled and warmed up in these isolates only (~1.5 CPU-s each). The others load every other
   * format and scan.
   */
  pdfThreads?: number;
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
  /** Build the scanners on every worker (and surface their config errors) before the run. */
  warmUp(): Promise<void>;
  /** Scan a batch of chunk texts on the least busy worker. */
  scan(texts: string[]): Promise<ChunkScan[]>;
  /**
   * Load a file on a worker (a PDF on one that loads PDFs, another on the least busy one), and
   * scan it there when it has at most `inlineChunks` chunks (a PDF, when some workers do not load
   * PDFs: never; its chunks are held and scanned in batches on every worker).
   */
  processFile(request: LoadRequest, inlineChunks: number): Promise<PooledFile>;
  readonly threads: number;
  destroy(): Promise<void>;
}

/**
 * The lane for a task: the one with the fewest unfinished tasks among the lanes that load PDFs
 * (a PDF, when some do) or among all of them; on a tie the last one, so that work any lane can do
 * goes to a lane without PDFs (those come first).
 *
 * @example
 * chooseLane([{ pending: 1, loadsPdf: true }, { pending: 1, loadsPdf: false }], false); // the second
 */
export function chooseLane<Lane extends Pick<IngestLane, "pending" | "loadsPdf">>(
  lanes: readonly Lane[],
  pdf: boolean,
): Lane {
  const candidates =
    pdf && lanes.some((lane) => lane.loadsPdf) ? lanes.filter((lane) => lane.loadsPdf) : lanes;
  let best = candidates[candidates.length - 1];
  if (!best) throw new AppError("an ingest pool has no worker threads");
  for (let index = candidates.length - 2; index >= 0; index -= 1) {
    const lane = candidates[index]!;
    if (lane.pending < best.pending) best = lane;
  }
  return best;
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
 * Start `threads` ingest workers, one lane each: a task goes to the lane with the fewest unfinished
 * tasks, and a PDF to one of the first `pdfThreads` lanes (piscina alone cannot pin a task to a
 * worker). Scanning a batch past `timeoutMs` rejects (a file task: its file comes back as
 * `scan_failed`) and its worker is replaced; a task's own failure comes back as an
 * {@link AppError} (a {@link ConfigError} for invalid scanners).
 *
 * @example
 * const pool = createIngestPool({ scanners, load: { chunkSize: 1000, chunkOverlap: 0 }, threads: 2, pdfThreads: 1, timeoutMs: 120_000 });
 * await pool.warmUp();
 * const scans = await pool.scan(["hello"]);
 */
export function createIngestPool(options: IngestPoolOptions): IngestPool {
  tuneWorkerIsolates();
  const onWorkerError =
    options.onWorkerError ??
    ((error: Error) => process.stderr.write(`ingest worker failed: ${error.message}\n`));
  const pdfThreads = Math.min(options.threads, Math.max(0, options.pdfThreads ?? 0));
  const lanes = Array.from({ length: options.threads }, (_, index) =>
    createIngestLane({
      scanners: options.scanners,
      load: options.load,
      loadsPdf: index < pdfThreads,
      onWorkerError,
    }),
  );
  const scansPdfElsewhere = pdfThreads > 0 && pdfThreads < lanes.length;
  const ok = (output: IngestTaskOutput): Exclude<IngestTaskOutput, ScanTaskFailure> => {
    if (!output.ok) throw toError(output);
    return output;
  };
  const scan = async (lane: IngestLane, texts: string[]): Promise<ChunkScan[]> => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let output: IngestTaskOutput;
    try {
      output = await lane.run({ kind: "scan", texts }, { signal });
    } catch (error) {
      if (!signal.aborted) throw error;
      throw timeoutError(options.timeoutMs);
    }
    const done = ok(output);
    if (done.kind !== "scan") throw new AppError("an ingest worker answered a scan with a file");
    return done.scans;
  };
  return {
    async warmUp() {
      await Promise.all(lanes.map((lane) => scan(lane, ["ragguard warm-up"])));
    },
    scan: (texts) => scan(chooseLane(lanes, false), texts),
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
      const pdf = loaderNameFor(request.path) === "pdf";
      // A PDF's chunks are scanned in batches on every lane, not inline on the lane that parsed
      // it: those lanes are busy with PDFs while the others may have run out of files.
      const inline = pdf && scansPdfElsewhere ? 0 : inlineChunks;
      let output: IngestTaskOutput;
      try {
        output = await chooseLane(lanes, pdf).run(
          { kind: "file", request, port: port2, inlineChunks: inline },
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
    destroy: async () => {
      await Promise.all(lanes.map((lane) => lane.destroy()));
    },
  };
}
