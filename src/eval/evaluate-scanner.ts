import type { ScanSource } from "../scan/scanner.js";
import { createScanner } from "../scanners/registry.js";
import { Vault } from "../scanners/vault.js";
import { entityRowSchema, labelledRowSchema, parseRows } from "./dataset.js";
import { evaluateEntities, scoreRows } from "./evaluate.js";
import {
  formatBinaryMetrics,
  formatEntityMetrics,
  formatRecallAtFpr,
  formatSweep,
} from "./format.js";
import { predictionMetrics, recallAtFpr, thresholdSweep } from "./metrics.js";

/** What {@link evaluateScanner} measures and how it reports (the options of `ragguard eval`). */
export interface EvaluateScannerOptions {
  /** Scanner type, e.g. `PromptInjection`; `Anonymize` takes entity rows. */
  scanner: string;
  /** Scanner params; `threshold` and `matchType` below override theirs. */
  params?: Record<string, unknown>;
  threshold?: number;
  matchType?: string;
  /** The kind of text passed to the scanner for rows without their own `source`. */
  source?: ScanSource;
  /** Also report recall at the threshold that keeps the false-positive rate at or below this. */
  atFpr?: number;
  /** Also report metrics at these thresholds. */
  sweep?: number[];
  /** One JSON line instead of the human tables. */
  json?: boolean;
}

/** Scanners that take entity rows (`{"text","entities":[{"type","value"}]}`) instead of labels. */
const entityScanners = new Set(["Anonymize"]);

/**
 * Measure a scanner on JSON Lines rows (`content`, named `dataName` in titles and errors) and
 * return the report as text. Throws `EvalDataError` naming every bad line.
 *
 * @example
 * await evaluateScanner('{"text":"hi","label":0}\n', "rows.jsonl", { scanner: "Toxicity", json: true });
 */
export async function evaluateScanner(
  content: string,
  dataName: string,
  options: EvaluateScannerOptions,
): Promise<string> {
  const vault = new Vault();
  const params = { ...options.params };
  if (options.threshold !== undefined) params.threshold = options.threshold;
  if (options.matchType !== undefined) params.matchType = options.matchType.toLowerCase();
  const scanner = createScanner({ type: options.scanner, params }, { vault });
  const title = `${options.scanner} on ${dataName}`;
  if (entityScanners.has(options.scanner)) {
    const rows = parseRows(content, entityRowSchema, dataName);
    const metrics = await evaluateEntities(scanner, vault, rows);
    return options.json ? `${JSON.stringify(metrics)}\n` : formatEntityMetrics(title, metrics);
  }
  const rows = parseRows(content, labelledRowSchema, dataName);
  const scored = await scoreRows(scanner, rows, options.source);
  const metrics = predictionMetrics(scored);
  const atFpr = options.atFpr === undefined ? undefined : recallAtFpr(scored, options.atFpr);
  const sweep = options.sweep === undefined ? undefined : thresholdSweep(scored, options.sweep);
  if (options.json)
    return `${JSON.stringify({ ...metrics, ...(atFpr && { atFpr }), ...(sweep && { sweep }) })}\n`;
  return [
    formatBinaryMetrics(title, metrics),
    ...(atFpr ? [formatRecallAtFpr(atFpr)] : []),
    ...(sweep ? [formatSweep(sweep)] : []),
  ].join("\n");
}
