import { performance } from "node:perf_hooks";
import { createLogger, type Logger } from "../common/logger.js";
import { type ScanPromptResult, scannerKeys } from "./scan-prompt.js";
import { clampScore, type ScanResult } from "./scanner.js";

/**
 * A scanner of a model's answer (LLM Guard's output scanner): it sees the prompt the answer was
 * given for (Relevance, FactualConsistency and LanguageSame compare the two) and checks, and may
 * sanitize, the output.
 *
 * @example
 * const sameLength: OutputScanner = {
 *   name: "Echo",
 *   scanOutput: (prompt, output) => ({ sanitized: output, valid: output !== prompt, score: output === prompt ? 1 : 0 }),
 * };
 */
export interface OutputScanner {
  readonly name: string;
  scanOutput(prompt: string, output: string): ScanResult | Promise<ScanResult>;
}

export interface ScanOutputOptions {
  /** Stop after the first invalid result (default false: every scanner runs). */
  failFast?: boolean;
  /** pino-compatible logger; default a pino logger at info on stderr. */
  logger?: Logger;
}

const defaultLogger: Logger = createLogger({ name: "ragguard" });

/**
 * Run output scanners over a model's `output` in order (LLM Guard's `scan_output`); each scanner
 * receives the previous one's sanitized output and the unchanged `prompt`. Resolves to
 * `[sanitizedOutput, resultsValid, resultsScore]` keyed by scanner name.
 *
 * @example
 * const [output, valid, scores] = await scanOutput([new Deanonymize(vault)], prompt, answer);
 */
export async function scanOutput(
  scanners: readonly OutputScanner[],
  prompt: string,
  output: string,
  options: ScanOutputOptions = {},
): Promise<ScanPromptResult> {
  if (scanners.length === 0 || output.trim() === "") return [output, {}, {}];
  const logger = options.logger ?? defaultLogger;
  const keys = scannerKeys(scanners);
  const resultsValid: Record<string, boolean> = {};
  const resultsScore: Record<string, number> = {};
  const started = performance.now();
  let sanitized = output;
  for (const [index, scanner] of scanners.entries()) {
    const key = keys[index]!;
    const result = await scanner.scanOutput(prompt, sanitized);
    sanitized = result.sanitized;
    resultsValid[key] = result.valid;
    resultsScore[key] = clampScore(result.score);
    if (options.failFast && !result.valid) break;
  }
  const elapsed = (performance.now() - started) / 1000;
  logger.info(
    { scores: resultsScore, elapsed_time_seconds: Math.round(elapsed * 1e6) / 1e6 },
    "Scanned output",
  );
  return [sanitized, resultsValid, resultsScore];
}

/**
 * Run every output scanner on the original `output` (LLM Guard's `/scan/output`): concurrently
 * unless `failFast`, which stops at the first invalid result. The output comes back unchanged.
 */
export async function scanOutputEach(
  scanners: readonly OutputScanner[],
  prompt: string,
  output: string,
  failFast: boolean,
): Promise<ScanPromptResult> {
  const valid: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  if (scanners.length === 0 || output.trim() === "") return [output, valid, scores];
  const keys = scannerKeys(scanners);
  const record = (index: number, result: ScanResult) => {
    valid[keys[index]!] = result.valid;
    scores[keys[index]!] = clampScore(result.score);
  };
  if (failFast) {
    for (const [index, scanner] of scanners.entries()) {
      const result = await scanner.scanOutput(prompt, output);
      record(index, result);
      if (!result.valid) break;
    }
    return [output, valid, scores];
  }
  const results = await Promise.all(scanners.map((s) => s.scanOutput(prompt, output)));
  for (const [index, result] of results.entries()) record(index, result);
  return [output, valid, scores];
}
