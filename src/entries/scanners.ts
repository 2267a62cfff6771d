// ragguard/scanners: scanPrompt, the scanners, their registry and the detectors behind them.
// No server, no LangChain, no database: what the main entry "ragguard" re-exports.

export type { TextClassifier } from "../detectors/classifier.js";
export {
  createOnnxClassifier,
  type OnnxModelOptions,
  onnxModelOptionsSchema,
} from "../detectors/onnx/onnx-classifier.js";
export { type PiiEntityType, piiEntityTypes } from "../detectors/pii/entity-types.js";
export { loadBuiltinPromptInjectionModel } from "../detectors/prompt-injection/builtin-model.js";
export {
  createPromptInjectionDetector,
  type InjectionDetection,
  type InjectionSpan,
  type PromptInjectionDetector,
} from "../detectors/prompt-injection/detector.js";
export { loadPiModel, type PiModel } from "../detectors/prompt-injection/model-file.js";
export { normalizeText } from "../detectors/text-features/normalize.js";
export {
  createToxicityDetector,
  type ToxicityDetector,
  type ToxicityExplanation,
} from "../detectors/toxicity/detector.js";
export { failedScanners, isValid } from "../scan/is-valid.js";
export { MatchType } from "../scan/match-type.js";
export { type ScanPromptOptions, type ScanPromptResult, scanPrompt } from "../scan/scan-prompt.js";
export {
  SCAN_SOURCES,
  type ScanContext,
  type Scanner,
  type ScanResult,
  type ScanSource,
  type ScanSpan,
} from "../scan/scanner.js";
export { Anonymize, type AnonymizeOptions, anonymizeOptionsSchema } from "../scanners/anonymize.js";
export {
  Deanonymize,
  type DeanonymizeMatchingStrategy,
  type DeanonymizeOptions,
  deanonymizeOptionsSchema,
} from "../scanners/deanonymize.js";
export {
  InvisibleText,
  type InvisibleTextOptions,
  invisibleTextOptionsSchema,
} from "../scanners/invisible-text.js";
export {
  PromptInjection,
  type PromptInjectionOptions,
  promptInjectionOptionsSchema,
} from "../scanners/prompt-injection.js";
export {
  Regex,
  type RegexMatchType,
  type RegexOptions,
  regexOptionsSchema,
} from "../scanners/regex.js";
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
} from "../scanners/registry.js";
export {
  type SecretRedactMode,
  Secrets,
  type SecretsOptions,
  secretsOptionsSchema,
} from "../scanners/secrets.js";
export { Toxicity, type ToxicityOptions, toxicityOptionsSchema } from "../scanners/toxicity.js";
export { Vault, type VaultEntry } from "../scanners/vault.js";
