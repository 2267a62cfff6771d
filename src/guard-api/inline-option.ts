import type { Logger } from "../common/logger.js";
import { defaultCredentialPatterns, type ScannerConfig } from "../scanners/scanner-config.js";
import type { InlineScanOptions } from "../workers/scan-pool.js";
import type { GuardApiConfig } from "./config.js";

/**
 * Why the main thread must not run these scanners, or undefined when it may. An inline scan
 * cannot be stopped at its time limit (only a worker can be terminated), so a `Regex` scanner
 * with patterns of the config's own, which could backtrack for minutes, keeps every scan in the
 * workers; so does a transformer `model` folder, whose second copy on the main thread would cost
 * its memory again and whose scans take tens of milliseconds.
 */
function notInlineReason(scanners: readonly ScannerConfig[]): string | undefined {
  for (const scanner of scanners) {
    const params = scanner.params ?? {};
    if (params.model !== undefined) return `${scanner.type} runs a transformer model`;
    if (scanner.type === "Regex" && !hasDefaultPatterns(params.patterns)) {
      return "Regex has patterns of its own";
    }
  }
  return undefined;
}

function hasDefaultPatterns(patterns: unknown): boolean {
  return (
    Array.isArray(patterns) &&
    patterns.length === defaultCredentialPatterns.length &&
    patterns.every((pattern, index) => pattern === defaultCredentialPatterns[index])
  );
}

/**
 * The scan pool's inline option from `app.scan_inline` and `app.scan_inline_max_chars`, or
 * undefined (every scan in the workers) when it is off or the scanners rule it out (logged once).
 *
 * @example
 * createScanPool({ scanners, inline: inlineOption(config, scanners, logger) });
 */
export function inlineOption(
  config: GuardApiConfig,
  scanners: readonly ScannerConfig[],
  logger: Logger,
): InlineScanOptions | undefined {
  if (!config.app.scan_inline) return undefined;
  const reason = notInlineReason(scanners);
  if (reason !== undefined) {
    logger.info({ reason }, "Scanning every prompt in the scan threads (no inline scans)");
    return undefined;
  }
  return { maxChars: config.app.scan_inline_max_chars };
}
