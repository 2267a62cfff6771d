import { workerData } from "node:worker_threads";
import { createScanner } from "../scanners/registry.js";
import { createScanTask, parseScanWorkerData } from "./scan-task.js";

const { scanners, source } = parseScanWorkerData(workerData);

/** The task a scan pool's worker threads run: the registry's scanners over one text. */
export const scanTask = createScanTask(scanners, createScanner, source);
