import { isScannerName, type ScannerConfig } from "../scanners/registry.js";

/** Credentials that must never reach a model: `Authorization` header values (LLM Guard's pattern). */
const credentialPatterns = ["Bearer [A-Za-z0-9-._~+/]+=*", "Basic [A-Za-z0-9+/]{8,}=*"];

const wanted: readonly ScannerConfig[] = [
  { type: "Regex", params: { patterns: credentialPatterns, is_blocked: true, redact: true } },
  { type: "Anonymize", params: {} },
  { type: "Toxicity", params: {} },
  { type: "PromptInjection", params: {} },
  { type: "InvisibleText", params: {} },
  { type: "Secrets", params: {} },
];

/**
 * The scanners the guard API runs without a config: Regex (credential patterns, so `Regex` shows
 * in the `scanners` map), Anonymize, Toxicity, PromptInjection, InvisibleText, Secrets — each one
 * that this build's registry provides.
 */
export function defaultGuardScanners(): ScannerConfig[] {
  return wanted.filter((config) => isScannerName(config.type)).map((config) => ({ ...config }));
}
