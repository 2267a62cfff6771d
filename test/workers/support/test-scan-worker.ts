import { workerData } from "node:worker_threads";
import {
  createScanTask,
  parseScanWorkerData,
  warmUpScanTask,
} from "../../../src/workers/scan-task.js";
import { createTestScanner } from "./test-registry.js";

/** A scan worker wired to the test registry (pool tests point `workerFile` here). */
const { scanners, source } = parseScanWorkerData(workerData);

const run = createScanTask(scanners, createTestScanner, source);

/** Like the real worker: ready once the scanners are built and warmed up. */
export const scanTask = warmUpScanTask(run).then(() => run);
