import { workerData } from "node:worker_threads";
import { buildScanners } from "../../src/scanners/registry.js";
import { createIngestTask, ingestWorkerDataSchema } from "./ingest-task.js";
import { createChunkScanTask } from "./scan-chunk.js";

const { scanners, load } = ingestWorkerDataSchema.parse(workerData);
const scanChunk = createChunkScanTask((vault) =>
  buildScanners(scanners, { vault, source: "scanners" }),
);

/** The task ingest's worker threads run: load and split a file, or scan a batch of chunks. */
export const ingestTask = createIngestTask(load, scanChunk);
