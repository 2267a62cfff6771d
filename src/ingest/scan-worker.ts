import { performance } from "node:perf_hooks";
import { workerData } from "node:worker_threads";
import { buildScanners } from "../scanners/registry.js";
import {
  failedScanOutput,
  parseScanWorkerData,
  type ScanTaskInput,
  type ScanTaskOutput,
} from "../workers/scan-task.js";
import { createChunkScanTask } from "./scan-chunk.js";

const { scanners, source } = parseScanWorkerData(workerData);
const scanChunk = createChunkScanTask((vault) => buildScanners(scanners, { vault, source }));

/**
 * The task ingest's scan pool runs (its `workerFile`): one chunk through the run's scanners with
 * a fresh vault, answering the pool's usual result plus `vaultEntries`, the chunk's redactions,
 * which the run numbers into its own vault. The pool runs one task at a time per worker, as
 * {@link createChunkScanTask} needs.
 */
export async function scanTask(input: ScanTaskInput): Promise<ScanTaskOutput> {
  const started = performance.now();
  try {
    const scan = await scanChunk(input.text);
    return { ok: true, ...scan, elapsedMs: performance.now() - started };
  } catch (error) {
    return failedScanOutput(error);
  }
}
