// ragguard's public API. Each section lists named exports; internal helpers are not re-exported.

// Common
export { AppError, ConfigError, ValidationError } from "./common/errors.js";
export { createLogger, type Logger } from "./common/logger.js";
// Detectors
export type { TextClassifier } from "./detectors/classifier.js";
// Scanning core
export { failedScanners, isValid } from "./scan/is-valid.js";
export { MatchType } from "./scan/match-type.js";
export { type ScanPromptOptions, type ScanPromptResult, scanPrompt } from "./scan/scan-prompt.js";
export type { Scanner, ScanResult } from "./scan/scanner.js";
// Scanners
export { Vault, type VaultEntry } from "./scanners/vault.js";
