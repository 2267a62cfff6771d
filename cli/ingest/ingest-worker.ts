import { workerData } from "node:worker_threads";
import { importPdfParse } from "../../loaders/pdf.js";
import { buildScanners } from "../../src/scanners/registry.js";
import { createIngestTask, ingestWorkerDataSchema } from "./ingest-task.js";
import { createChunkScanTask } from "./scan-chunk.js";

const { scanners, load, preloadPdf } = ingestWorkerDataSchema.parse(workerData);
const scanChunk = createChunkScanTask(async (vault) => {
  // On the first task (the pool's warm-up scan), before any scanner code runs hot: see `preloadPdf`.
  if (preloadPdf) await importPdfParse();
  return buildScanners(scanners, { vault, source: "scanners" });
});

/** The task ingest's worker threads run: load and split a file, or scan a batch of chunks. */
export const ingestTask = createIngestTask(load, scanChunk);
