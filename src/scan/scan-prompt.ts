import { performance } from "node:perf_hooks";
import { createLogger, type Logger } from "../common/logger.js";
import { clampScore, type ScanContext, type Scanner } from "./scanner.js";

export interface ScanPromptOptions {
  /** Stop after the first invalid result (default false: every scanner runs). */
  failFast?: boolean;
  /** Where the text comes from, passed to every scanner (PromptInjection picks its operating point by it). */
  source?: ScanContext["source"];
  /** pino-compatible logger; default a pino logger at info on stderr. */
  logger?: Logger;
}

export type ScanPromptResult = [
  sanitized: string,
  resultsValid: Record<string, boolean>,
  resultsScore: Record<string, number>,
];

/** Map keys for a scanner list: `Regex`, `Regex#2`, ... so two instances never overwrite. */
export function scannerKeys(scanners: readonly { readonly name: string }[]): string[] {
  const seen = new Map<string, number>();
  return scanners.map((scanner) => {
    const count = (seen.get(scanner.name) ?? 0) + 1;
    seen.set(scanner.name, count);
    return count === 1 ? scanner.name : `${scanner.name}#${count}`;
  });
}

const defaultLogger: Logger = createLogger({ name: "ragguard" });

/**
 * Run `scanners` over `text` in order; each scanner receives the previous one's sanitized text.
 * Resolves to `[sanitized, resultsValid, resultsScore]` keyed by scanner name.
 *
 * @example
 * const [sanitized, valid, scores] = await scanPrompt([new Anonymize(new Vault()), new Toxicity()], prompt);
 * if (!isValid(valid)) throw new Error("rejected");
 */
export async function scanPrompt(
  scanners: readonly Scanner[],
  text: string,
  options: ScanPromptOptions = {},
): Promise<ScanPromptResult> {
  if (scanners.length === 0 || text.trim() === "") return [text, {}, {}];
  const logger = options.logger ?? defaultLogger;
  const keys = scannerKeys(scanners);
  const resultsValid: Record<string, boolean> = {};
  const resultsScore: Record<string, number> = {};
  const started = performance.now();
  let sanitized = text;
  const context: ScanContext = options.source === undefined ? {} : { source: options.source };
  for (const [index, scanner] of scanners.entries()) {
    const key = keys[index]!;
    const result = await scanner.scan(sanitized, context);
    sanitized = result.sanitized;
    resultsValid[key] = result.valid;
    resultsScore[key] = clampScore(result.score);
    if (scanner.name === "PromptInjection" && !result.valid) {
      logger.warn({ scanner: key, score: resultsScore[key] }, "Detected prompt injection");
    }
    if (options.failFast && !result.valid) break;
  }
  const elapsed = (performance.now() - started) / 1000;
  logger.info(
    { scores: resultsScore, elapsed_time_seconds: Math.round(elapsed * 1e6) / 1e6 },
    "Scanned prompt",
  );
  return [sanitized, resultsValid, resultsScore];
}
