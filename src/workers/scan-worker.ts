import { workerData } from "node:worker_threads";
import { createOutputScanner } from "../scanners/output-registry.js";
import { createScanner } from "../scanners/registry.js";
import { createScanTask, parseScanWorkerData, warmUpScanTask } from "./scan-task.js";

const { scanners, source, outputScanners, outputSource } = parseScanWorkerData(workerData);
const run = createScanTask(scanners, createScanner, source, {
  configs: outputScanners,
  createScanner: createOutputScanner,
  source: outputSource,
});

/**
 * The task a scan pool's worker threads run: the registry's scanners over one text (the output
 * registry's for an output scan). Exported as a promise that piscina awaits before it reports
 * the worker ready, so a worker (a replacement too) takes no scan until its scanners are built
 * and have loaded what they load lazily.
 */
export const scanTask = warmUpScanTask(run).then(() => run);
