import { workerData } from "node:worker_threads";
import type { ScanContext, Scanner } from "../../../src/scan/scanner.js";
import { createOutputScanner } from "../../../src/scanners/output-registry.js";
import { createScanner } from "../../../src/scanners/registry.js";
import {
  createScanTask,
  parseScanWorkerData,
  warmUpScanTask,
} from "../../../src/workers/scan-task.js";

/** Writes the scan context's source into the sanitized text, so a test can see it arrived. */
const sourceTag: Scanner = {
  name: "SourceTag",
  scan: (text: string, context?: ScanContext) => ({
    sanitized: `[${context?.source ?? "none"}] ${text}`,
    valid: true,
    score: 0,
  }),
};

const { scanners, source, outputScanners, outputSource } = parseScanWorkerData(workerData);
const run = createScanTask(
  scanners,
  (config, deps) => (config.type === "SourceTag" ? sourceTag : createScanner(config, deps)),
  source,
  { configs: outputScanners, createScanner: createOutputScanner, source: outputSource },
);

/** The real registries plus `SourceTag` (guard API tests point `workerFile` here). */
export const scanTask = warmUpScanTask(run).then(() => run);
