import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { workerData } from "node:worker_threads";
import { createBatchTask, parseBatchWorkerData, type RunScanTask } from "./scan-batch.js";

const { taskModule } = parseBatchWorkerData(workerData);

type TaskModule = { scanTask?: RunScanTask | Promise<RunScanTask> };

/**
 * Load the module the way piscina loads a worker file: `require` first (which is what works for
 * TypeScript sources under tsx in a worker thread), then `import` (ES modules from `dist/`).
 */
async function importTaskModule(): Promise<TaskModule> {
  const path = fileURLToPath(taskModule);
  try {
    return createRequire(path)(path) as TaskModule;
  } catch {
    return (await import(taskModule)) as TaskModule;
  }
}

async function loadScanTask(): Promise<RunScanTask> {
  const run = await (await importTaskModule()).scanTask;
  if (typeof run !== "function") throw new Error(`${taskModule} does not export scanTask`);
  return run;
}

/**
 * What a scan pool's worker threads run: batches of scans, each item through the `scanTask` of
 * the pool's worker module (the built-in `scan-worker` or `ScanPoolOptions.workerFile`). A
 * promise, so that piscina reports the worker ready only once that module is (scanners built and
 * warmed up).
 */
export const scanBatch = loadScanTask().then(createBatchTask);
