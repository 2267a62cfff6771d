import { workerData } from "node:worker_threads";
import { createScanTask, parseScanWorkerData } from "../../../src/workers/scan-task.js";
import { createTestScanner } from "./test-registry.js";

/** A scan worker wired to the test registry (pool tests point `workerFile` here). */
const { scanners, source } = parseScanWorkerData(workerData);

export const scanTask = createScanTask(scanners, createTestScanner, source);
