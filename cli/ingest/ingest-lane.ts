import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Transferable } from "node:worker_threads";
import { Piscina } from "piscina";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import type { IngestTaskInput, IngestTaskOutput, IngestWorkerData } from "./ingest-task.js";
import type { LoadSettings } from "./load-schemas.js";

/** One ingest worker thread and the tasks given to it that have not finished. */
export interface IngestLane {
  /** Run a task on this lane's worker (queued behind its other tasks). */
  run(
    task: IngestTaskInput,
    options: { signal: AbortSignal; transferList?: Transferable[] },
  ): Promise<IngestTaskOutput>;
  /** Tasks given to this lane and not finished (running or queued). */
  readonly pending: number;
  /** The worker imports pdf.js as it starts: PDFs are loaded on this lane. */
  readonly loadsPdf: boolean;
  destroy(): Promise<void>;
}

export interface IngestLaneOptions {
  scanners: readonly ScannerConfig[];
  load: LoadSettings;
  loadsPdf: boolean;
  onWorkerError: (error: Error) => void;
}

/** The worker module beside this file: `.ts` when running from sources, `.js` from `dist/`. */
function workerFile(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./ingest-worker${extname(self)}`, import.meta.url));
}

/**
 * Start one ingest worker thread (a piscina pool of one, which replaces the worker when a task is
 * aborted or the thread dies) and count the tasks it has been given.
 *
 * @example
 * const lane = createIngestLane({ scanners, load, loadsPdf: false, onWorkerError: console.error });
 * const output = await lane.run({ kind: "scan", texts: ["hello"] }, { signal });
 */
export function createIngestLane(options: IngestLaneOptions): IngestLane {
  const filename = workerFile();
  const piscina = new Piscina<IngestTaskInput, IngestTaskOutput>({
    filename,
    name: "ingestTask",
    minThreads: 1,
    maxThreads: 1,
    idleTimeout: 60_000,
    // Keep the worker's event loop running between tasks (async loader and scanner work, and
    // the ports of files whose chunks it holds).
    atomics: "disabled",
    workerData: {
      scanners: options.scanners.map((config) => ({
        type: config.type,
        params: config.params ?? {},
      })),
      load: options.load,
      ...(options.loadsPdf ? { preloadPdf: true } : {}),
    } satisfies IngestWorkerData,
    ...(filename.endsWith(".ts") ? { execArgv: ["--import", "tsx"] } : {}),
  });
  piscina.on("error", options.onWorkerError);
  let pending = 0;
  return {
    async run(task, { signal, transferList }) {
      pending += 1;
      try {
        return await piscina.run(task, { signal, ...(transferList ? { transferList } : {}) });
      } finally {
        pending -= 1;
      }
    },
    get pending() {
      return pending;
    },
    loadsPdf: options.loadsPdf,
    destroy: () => piscina.destroy(),
  };
}
