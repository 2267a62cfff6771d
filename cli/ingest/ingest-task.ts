import { z } from "zod";
import { failedScanOutput, type ScanTaskFailure } from "../../src/workers/scan-task.js";
import type { ChunkScan } from "./chunk-scanner.js";
import {
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
});
export type IngestWorkerData = z.infer<typeof ingestWorkerDataSchema>;

/** One task for an ingest worker: load and split a file, or scan a batch of chunk texts. */
export type IngestTaskInput =
  | { kind: "load"; request: LoadRequest }
  | { kind: "scan"; texts: string[] };

export type IngestTaskOutput =
  | { ok: true; kind: "load"; load: FileLoad }
  | { ok: true; kind: "scan"; scans: ChunkScan[] }
  | ScanTaskFailure;

/**
 * Make the function an ingest worker runs for each task. Loading happens where the scanning
 * does, so file bytes, PDF parsing and splitting stay off the main thread; a batch of chunks is
 * one message each way instead of one per chunk.
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
      if (input.kind === "load") {
        return { ok: true, kind: "load", load: await loadChunks(input.request, settings) };
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
