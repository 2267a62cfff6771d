import type { ScannerConfig } from "../scanners/scanner-config.js";

/**
 * Ingest's default scanners, in order. Invisible characters and secrets go first so the
 * detectors see cleaned text; PII is redacted before the classifiers run.
 */
export const defaultIngestScanners: readonly ScannerConfig[] = [
  { type: "InvisibleText" },
  { type: "Secrets" },
  { type: "Anonymize" },
  { type: "Toxicity" },
  { type: "PromptInjection" },
];

/** Scanners whose findings are sanitized and the chunk kept (`dropPii` removes Anonymize). */
export const defaultIgnoreInvalid: readonly string[] = ["InvisibleText", "Secrets", "Anonymize"];

/** The scanners of one run and the scanners whose invalid result only sanitizes. */
export interface ScannerSet {
  configs: ScannerConfig[];
  ignoreInvalid: string[];
}

/**
 * The run's scanners (the default set when none are given) and which invalid results keep the
 * chunk (redacted): `ignoreInvalid`, else the default list, minus Anonymize with `dropPii`.
 *
 * @example
 * resolveScannerSet({ dropPii: true }); // default scanners; PII now drops the chunk
 */
export function resolveScannerSet(options: {
  scanners?: readonly ScannerConfig[] | undefined;
  ignoreInvalid?: readonly string[] | undefined;
  dropPii?: boolean | undefined;
}): ScannerSet {
  const configs = (options.scanners ?? defaultIngestScanners).map((config) => ({ ...config }));
  let ignoreInvalid = [...(options.ignoreInvalid ?? defaultIgnoreInvalid)];
  if (options.dropPii) ignoreInvalid = ignoreInvalid.filter((name) => name !== "Anonymize");
  return { configs, ignoreInvalid };
}
