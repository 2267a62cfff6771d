import { readFile } from "node:fs/promises";
import {
  EvalDataError,
  entityRowSchema,
  labelledRowSchema,
  parseRows,
} from "../../src/eval/dataset.js";
import { evaluateEntities, scoreRows } from "../../src/eval/evaluate.js";
import {
  formatBinaryMetrics,
  formatEntityMetrics,
  formatRecallAtFpr,
  formatSweep,
} from "../../src/eval/format.js";
import { predictionMetrics, recallAtFpr, thresholdSweep } from "../../src/eval/metrics.js";
import type { Scanner } from "../../src/scan/scanner.js";
import { createScanner } from "../../src/scanners/registry.js";
import { Vault } from "../../src/scanners/vault.js";
import { ExitCode, UsageError } from "../run.js";
import type { EvalCommandOptions } from "./eval.js";

/** Scanners that take entity rows (`{"text","entities":[{"type","value"}]}`) instead of labels. */
const entityScanners = new Set(["Anonymize"]);

function parseParams(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError(`--params must be a JSON object, got ${JSON.stringify(value)}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new UsageError("--params must be a JSON object");
  }
  return { ...parsed };
}

function buildScanner(options: EvalCommandOptions, vault: Vault): Scanner {
  const params = parseParams(options.params);
  if (options.threshold !== undefined) params.threshold = options.threshold;
  if (options.matchType !== undefined) params.matchType = options.matchType.toLowerCase();
  return createScanner({ type: options.scanner, params }, { vault });
}

/** Run `ragguard eval` (loaded on use by `eval.ts`, so that `--help` does not load scanners). */
export async function runEval(options: EvalCommandOptions): Promise<number> {
  const content = await readFile(options.data, "utf8").catch((error: unknown) => {
    throw new UsageError(
      `cannot read --data ${options.data}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const vault = new Vault();
  const scanner = buildScanner(options, vault);
  const title = `${options.scanner} on ${options.data}`;
  try {
    if (entityScanners.has(options.scanner)) {
      const metrics = await evaluateEntities(
        scanner,
        vault,
        parseRows(content, entityRowSchema, options.data),
      );
      process.stdout.write(
        options.json ? `${JSON.stringify(metrics)}\n` : formatEntityMetrics(title, metrics),
      );
    } else {
      const scored = await scoreRows(
        scanner,
        parseRows(content, labelledRowSchema, options.data),
        options.source,
      );
      const metrics = predictionMetrics(scored);
      const atFpr = options.atFpr === undefined ? undefined : recallAtFpr(scored, options.atFpr);
      const sweep = options.sweep === undefined ? undefined : thresholdSweep(scored, options.sweep);
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ ...metrics, ...(atFpr && { atFpr }), ...(sweep && { sweep }) })}\n`
          : [
              formatBinaryMetrics(title, metrics),
              ...(atFpr ? [formatRecallAtFpr(atFpr)] : []),
              ...(sweep ? [formatSweep(sweep)] : []),
            ].join("\n"),
      );
    }
  } catch (error) {
    if (error instanceof EvalDataError)
      throw new UsageError(error.message, { details: error.badLines });
    throw error;
  }
  return ExitCode.ok;
}
