// ragguard's public API. Each section lists named exports; internal helpers are not re-exported.

// Ingestion (loaders/ and filters/; also importable as "ragguard/loaders" and "ragguard/filters")
export {
  ChunkSplitter,
  chunkId,
  createSplitter,
  type DroppedChunk,
  GuardFilter,
  type GuardFilterOptions,
  RemoteGuardFilter,
  type RemoteGuardFilterOptions,
  type SplitterOptions,
} from "../filters/index.js";
export {
  type FileLoadOutcome,
  type InputFile,
  LoadError,
  type LoaderName,
  type LoadResult,
  loadCsv,
  loadDocx,
  loadFile,
  loadHtml,
  loadJson,
  loadJsonl,
  loadMarkdown,
  loadPdf,
  loadText,
  walkInputs,
} from "../loaders/index.js";
// Common
export { AppError, ConfigError, ValidationError } from "./common/errors.js";
export { createLogger, type Logger } from "./common/logger.js";
// Detectors
export type { TextClassifier } from "./detectors/classifier.js";
export {
  createOnnxClassifier,
  type OnnxModelOptions,
  onnxModelOptionsSchema,
} from "./detectors/onnx/onnx-classifier.js";
// Scanners
export { type PiiEntityType, piiEntityTypes } from "./detectors/pii/entity-types.js";
export { loadBuiltinPromptInjectionModel } from "./detectors/prompt-injection/builtin-model.js";
export {
  createPromptInjectionDetector,
  type PromptInjectionDetector,
  type PromptInjectionDetectorOptions,
  type PromptInjectionExplanation,
} from "./detectors/prompt-injection/detector.js";
export { normalizeText } from "./detectors/text-features/normalize.js";
export {
  createToxicityDetector,
  type ToxicityDetector,
  type ToxicityExplanation,
} from "./detectors/toxicity/detector.js";
// Evaluation (what `ragguard eval` computes)
export { type EntityMetrics, entityMetrics } from "./eval/entity-metrics.js";
export { evaluateBinary, evaluateEntities } from "./eval/evaluate.js";
export { type BinaryMetrics, binaryMetrics, rocAuc } from "./eval/metrics.js";
// Gateway (LiteLLM-proxy-style model gateway: config, keys, providers, pre-call hooks)
export type { Caller } from "./gateway/auth/authenticate.js";
export type { KeyPermissions, KeyRecord } from "./gateway/auth/key-record.js";
export { loadGatewayConfig, parseGatewayConfig } from "./gateway/config/load.js";
export type { Deployment, GatewayConfig } from "./gateway/config/resolve.js";
export {
  type GatewayConfigInput,
  type GatewaySettings,
  type GuardMode,
  gatewayConfigSchema,
  guardModes,
  type ProviderName,
  providerNames,
} from "./gateway/config/schema.js";
export {
  type CreateGatewayOptions,
  createGateway,
  type Gateway,
} from "./gateway/create-gateway.js";
export type {
  BeforeProviderCall,
  CallbackFactory,
  ProviderCallContext,
} from "./gateway/hooks.js";
// Guard API (the LLM Guard-compatible HTTP server)
export { createGuardApi, type GuardApiOptions } from "./guard-api/app.js";
export {
  type GuardApiConfig,
  type GuardApiConfigInput,
  guardApiConfigSchema,
  loadGuardApiConfig,
} from "./guard-api/config.js";
// Scanning core
export { failedScanners, isValid } from "./scan/is-valid.js";
export { MatchType } from "./scan/match-type.js";
export { type ScanPromptOptions, type ScanPromptResult, scanPrompt } from "./scan/scan-prompt.js";
export {
  SCAN_SOURCES,
  type ScanContext,
  type Scanner,
  type ScanResult,
  type ScanSource,
  type ScanSpan,
} from "./scan/scanner.js";
export { Anonymize, type AnonymizeOptions, anonymizeOptionsSchema } from "./scanners/anonymize.js";
export {
  Deanonymize,
  type DeanonymizeMatchingStrategy,
  type DeanonymizeOptions,
  deanonymizeOptionsSchema,
} from "./scanners/deanonymize.js";
export {
  InvisibleText,
  type InvisibleTextOptions,
  invisibleTextOptionsSchema,
} from "./scanners/invisible-text.js";
export {
  PromptInjection,
  type PromptInjectionOptions,
  promptInjectionOptionsSchema,
} from "./scanners/prompt-injection.js";
export {
  Regex,
  type RegexMatchType,
  type RegexOptions,
  regexOptionsSchema,
} from "./scanners/regex.js";
export {
  buildScanners,
  createScanner,
  defaultCredentialPatterns,
  defaultScannerConfigs,
  type ScannerConfig,
  type ScannerContext,
  type ScannerFactory,
  type ScannerName,
  scannerConfigSchema,
  scannerNames,
} from "./scanners/registry.js";
export {
  type SecretRedactMode,
  Secrets,
  type SecretsOptions,
  secretsOptionsSchema,
} from "./scanners/secrets.js";
export { Toxicity, type ToxicityOptions, toxicityOptionsSchema } from "./scanners/toxicity.js";
export { Vault, type VaultEntry } from "./scanners/vault.js";
// Screening (prompt screening for chains; the createAgent middleware is in "ragguard/agents")
export {
  type CreateScreeningOptions,
  createScreening,
  type Screening,
} from "./screening/create-screening.js";
export {
  Deanonymizer,
  type DeanonymizerOptions,
  type DeanonymizerValue,
} from "./screening/deanonymizer.js";
export { createPromptScanners } from "./screening/default-scanners.js";
export { type GuardPromptOptions, guardPrompt } from "./screening/guard-prompt.js";
export type { ConversationScanners } from "./screening/options.js";
export { PromptGuard, type PromptGuardOptions } from "./screening/prompt-guard.js";
export { PromptRejectedError, type PromptRejection } from "./screening/prompt-rejected-error.js";
// Scan worker pool (scanners in worker threads, bounded queue, per-scan time limit)
export { ScanAbortedError, ScanQueueFullError, ScanTimeoutError } from "./workers/errors.js";
export {
  createScanPool,
  type PoolScanOptions,
  type ScanOutcome,
  type ScanPool,
  type ScanPoolOptions,
} from "./workers/scan-pool.js";
