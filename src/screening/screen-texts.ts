import type { Logger } from "../common/logger.js";
import { baseName, failedScanners } from "../scan/is-valid.js";
import { scannerKeys, scanPrompt } from "../scan/scan-prompt.js";
import type { Scanner } from "../scan/scanner.js";
import { PromptRejectedError } from "./prompt-rejected-error.js";

export interface ScreenTextsOptions {
  /** Stop at the first scanner (and the first text) that makes the prompt invalid. */
  failFast?: boolean;
  /** Scanner names (or keys like `Regex#2`) whose "invalid" verdict does not reject the prompt. */
  ignoreInvalid?: readonly string[];
  /** pino-compatible logger handed to `scanPrompt`. */
  logger?: Logger;
}

/** The merged verdict over one or more texts of one prompt. */
export interface ScreenTextsResult {
  /** Each text after the scanners changed it, in input order (unchanged when a scan was skipped). */
  sanitized: string[];
  /** Per scanner key: false when any text was invalid for it. */
  resultsValid: Record<string, boolean>;
  /** Per scanner key: the highest score over the texts. */
  resultsScore: Record<string, number>;
  /** Keys that reject the prompt (invalid and not ignored). */
  failedScanners: string[];
  /** Characters screened, all texts together. */
  promptLength: number;
}

/**
 * Scan each text with the same scanners and merge the verdicts (validity AND, score max).
 * Scanners in `ignoreInvalid` never stop a fail-fast scan, so a prompt with PII is still checked
 * for injection and toxicity.
 */
export async function screenTexts(
  scanners: readonly Scanner[],
  texts: readonly string[],
  options: ScreenTextsOptions = {},
): Promise<ScreenTextsResult> {
  const ignore = options.ignoreInvalid ?? [];
  const sanitized = [...texts];
  const resultsValid: Record<string, boolean> = {};
  const resultsScore: Record<string, number> = {};
  for (const [index, text] of texts.entries()) {
    const shielded = shieldIgnored(scanners, ignore);
    const [clean, valid, score] = await scanPrompt(shielded.scanners, text, {
      failFast: options.failFast ?? false,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    sanitized[index] = clean;
    for (const [key, isValid] of Object.entries(shielded.realValidity(valid))) {
      resultsValid[key] = (resultsValid[key] ?? true) && isValid;
    }
    for (const [key, value] of Object.entries(score)) {
      resultsScore[key] = Math.max(resultsScore[key] ?? 0, value);
    }
    if (options.failFast && failedScanners(resultsValid, ignore).length > 0) break;
  }
  return {
    sanitized,
    resultsValid,
    resultsScore,
    failedScanners: failedScanners(resultsValid, ignore),
    promptLength: texts.reduce((sum, text) => sum + text.length, 0),
  };
}

/** Throw {@link PromptRejectedError} when the screening found a non-ignored invalid scanner. */
export function assertAccepted(result: ScreenTextsResult): void {
  if (result.failedScanners.length === 0) return;
  throw new PromptRejectedError({
    resultsValid: result.resultsValid,
    resultsScore: result.resultsScore,
    promptLength: result.promptLength,
    failedScanners: result.failedScanners,
  });
}

/**
 * Wrap the ignored scanners so they report "valid" to `scanPrompt` (which would otherwise stop a
 * fail-fast scan on them) while their real verdict is kept and put back afterwards.
 */
function shieldIgnored(
  scanners: readonly Scanner[],
  ignore: readonly string[],
): {
  scanners: Scanner[];
  realValidity(valid: Record<string, boolean>): Record<string, boolean>;
} {
  const keys = scannerKeys(scanners);
  const real = new Map<string, boolean>();
  const wrapped = scanners.map((scanner, index): Scanner => {
    const key = keys[index]!;
    if (!ignore.includes(key) && !ignore.includes(baseName(key))) return scanner;
    return {
      name: scanner.name,
      scan: async (text) => {
        const result = await scanner.scan(text);
        real.set(key, result.valid);
        return { ...result, valid: true };
      },
    };
  });
  return {
    scanners: wrapped,
    realValidity: (valid) =>
      Object.fromEntries(Object.entries(valid).map(([key, ok]) => [key, real.get(key) ?? ok])),
  };
}
