import type { MessagePort } from "node:worker_threads";
import { z } from "zod";
import { failedScanOutput, type ScanTaskFailure } from "../../src/workers/scan-task.js";
import { type HolderMessage, progressChunks, serveChunks } from "./chunk-port.js";
import type { ChunkScan, LoadedHeader } from "./chunk-scanner.js";
import {
  type ChunkRecord,
  type FileLoad,
  type LoadRequest,
  type LoadSettings,
  loadChunks,
  loadSettingsSchema,
} from "./load-chunks.js";

/** What the main thread hands every ingest worker: the run's scanners and load settings. */
export const ingestWorkerDataSchema = z.object({
  scanners: z.array(
    z.object({ type: z.string(), params: z.record(z.string(), z.unknown()).optional() }),
  ),
  load: loadSettingsSchema,
  /**
   * This worker loads the run's PDFs: import pdf.js when it starts, before its scanners are built and
   * optimized. Importing it patches built-ins (put back at once, see loaders/native-builtins),
   * which throws away every optimized function of the thread; on the first PDF mid-run that
   * was ~150 of the scanners' functions per worker, compiled again (about 7% of a 1-worker run).
   */
  preloadPdf: z.boolean().optional(),
});
export type IngestWorkerData = z.infer<typeof ingestWorkerDataSchema>;

// Kept in chunk-port (the main thread reads it without importing the loaders): re-exported.
export { progressChunks } from "./chunk-port.js";

/**
 * One task for an ingest worker: process a file (load and split it; scan it when it has at most
 * `inlineChunks` chunks, else keep its chunks for reading through `port`), or scan a batch of
 * chunk texts.
 */
export type IngestTaskInput =
  | { kind: "file"; request: LoadRequest; port: MessagePort; inlineChunks: number }
  | { kind: "scan"; texts: string[] };

/** What a worker's file task gives; a `held` file's chunks are then read through the task's port. */
export type WorkerFileOutcome =
  | Exclude<FileLoad, { kind: "loaded" }>
  | { kind: "scanned"; header: LoadedHeader; chunks: ChunkRecord[]; scans: ChunkScan[] }
  | { kind: "scan_failed"; header: LoadedHeader; message: string }
  | { kind: "held"; header: LoadedHeader };

export type IngestTaskOutput =
  | { ok: true; kind: "file"; outcome: WorkerFileOutcome }
  | { ok: true; kind: "scan"; scans: ChunkScan[] }
  | ScanTaskFailure;

/** Load, split and (small files) scan one file on this thread. */
async function processFile(
  input: Extract<IngestTaskInput, { kind: "file" }>,
  settings: LoadSettings,
  scanChunk: (text: string) => Promise<ChunkScan>,
): Promise<WorkerFileOutcome> {
  const { port } = input;
  const load = await loadChunks(input.request, settings);
  if (load.kind !== "loaded") {
    port.close();
    return load;
  }
  const { kind: _kind, chunks, ...rest } = load;
  const header: LoadedHeader = { ...rest, chunks: chunks.length };
  if (chunks.length > input.inlineChunks) {
    serveChunks(port, chunks);
    return { kind: "held", header };
  }
  port.postMessage({ kind: "loaded", header } satisfies HolderMessage);
  const progress: HolderMessage = { kind: "progress" };
  const scans: ChunkScan[] = [];
  try {
    // One chunk after the other: the scanners share this worker's task vault handle.
    for (const chunk of chunks) {
      scans.push(await scanChunk(chunk.pageContent));
      if (scans.length % progressChunks === 0) port.postMessage(progress);
    }
  } catch (error) {
    return { kind: "scan_failed", header, message: (error as Error).message };
  } finally {
    port.close();
  }
  return { kind: "scanned", header, chunks, scans };
}

/**
 * Make the function an ingest worker runs for each task. Loading happens where the scanning
 * does, so file bytes, PDF parsing and splitting stay off the main thread; a small file's chunks
 * cross to the main thread once, with their scans; a large file's are read a window at a time and
 * scanned in batches of chunks on any worker (one message each way per batch).
 *
 * @example
 * const run = createIngestTask(settings, scanChunk);
 * const out = await run({ kind: "scan", texts: ["Mail jane@example.com"] });
 */
export function createIngestTask(
  settings: LoadSettings,
  scanChunk: (text: string) => Promise<ChunkScan>,
): (input: IngestTaskInput) => Promise<IngestTaskOutput> {
  return async function runIngestTask(input) {
    try {
      if (input.kind === "file") {
        return { ok: true, kind: "file", outcome: await processFile(input, settings, scanChunk) };
      }
      const scans: ChunkScan[] = [];
      // One chunk after the other: the scanners share this worker's task vault handle.
      for (const text of input.texts) scans.push(await scanChunk(text));
      return { ok: true, kind: "scan", scans };
    } catch (error) {
      return failedScanOutput(error);
    }
  };
}
