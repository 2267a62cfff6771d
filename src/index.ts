// ragguard: scanPrompt, the scanners and the scan worker pool, with no server, no LangChain and no
// database loaded. The other parts have entries of their own:
//   ragguard/scanners   the scanning part alone (also re-exported here)
//   ragguard/loaders    files -> LangChain Documents
//   ragguard/filters    the splitter and the guard transformers for LangChain pipelines
//   ragguard/screening  prompt screening for chains (PromptGuard, guardPrompt, createScreening)
//   ragguard/agents     guardMiddleware for createAgent (optional peer: langchain)
//   ragguard/guard-api  the guard API server
//   ragguard/gateway    the model gateway
// Each section lists named exports; internal helpers are not re-exported.

export { AppError, ConfigError, ValidationError } from "./common/errors.js";
export { createLogger, type Logger } from "./common/logger.js";
export * from "./entries/scanners.js";
export { type EntityMetrics, entityMetrics } from "./eval/entity-metrics.js";
export { evaluateBinary, evaluateEntities } from "./eval/evaluate.js";
export { type EvaluateScannerOptions, evaluateScanner } from "./eval/evaluate-scanner.js";
export { type BinaryMetrics, binaryMetrics, rocAuc } from "./eval/metrics.js";
export { ScanAbortedError, ScanQueueFullError, ScanTimeoutError } from "./workers/errors.js";
export {
  createScanPool,
  type PoolScanOptions,
  type ScanOutcome,
  type ScanPool,
  type ScanPoolOptions,
} from "./workers/scan-pool.js";
