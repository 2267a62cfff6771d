import { performance } from "node:perf_hooks";
import { workerData } from "node:worker_threads";
import { buildScanners } from "../../src/scanners/registry.js";
import type { ScanTaskInput, ScanTaskOutput } from "../../src/workers/scan-task.js";
import { failedScanOutput, parseScanWorkerData } from "../../src/workers/scan-task.js";
import type { ChunkScan } from "./chunk-scanner.js";
import { createChunkScanTask } from "./scan-chunk.js";

const { scanners } = parseScanWorkerData(workerData);
const scanChunk = createChunkScanTask((vault) =>
  buildScanners(scanners, { vault, source: "scanners" }),
);

/**
 * The task ingest's worker threads run (through the shared scan pool): like the guard API's
 * worker, plus the chunk's vault entries so the main thread can number placeholders run-wide.
 */
export async function scanTask(input: ScanTaskInput): Promise<ScanTaskOutput & Partial<ChunkScan>> {
  const started = performance.now();
  try {
    const result = await scanChunk(input.text);
    return { ok: true, ...result, elapsedMs: performance.now() - started };
  } catch (error) {
    return failedScanOutput(error);
  }
}
