import { readFile } from "node:fs/promises";
import { Command } from "commander";
import {
  EvalDataError,
  entityRowSchema,
  labelledRowSchema,
  parseRows,
} from "../../src/eval/dataset.js";
import { evaluateBinary, evaluateEntities } from "../../src/eval/evaluate.js";
import { formatBinaryMetrics, formatEntityMetrics } from "../../src/eval/format.js";
import { matchTypes } from "../../src/scan/match-type.js";
import type { Scanner } from "../../src/scan/scanner.js";
import { createScanner } from "../../src/scanners/registry.js";
import { Vault } from "../../src/scanners/vault.js";
import { action, ExitCode, UsageError } from "../run.js";

interface EvalCommandOptions {
  scanner: string;
  data: string;
  threshold?: number;
  matchType?: string;
  params?: string;
  json?: boolean;
}

/** Scanners that take entity rows (`{"text","entities":[{"type","value"}]}`) instead of labels. */
const entityScanners = new Set(["Anonymize"]);

const helpText = `
Rows are JSON Lines: {"text": "...", "label": 0|1} (1 = the scanner should flag it), or for
Anonymize {"text": "...", "entities": [{"type": "PERSON", "value": "Ann Lee"}]}.
A bad row stops the run with its line number (exit 2); no row is skipped silently.

--json prints {"n","tp","fp","tn","fn","precision","recall","f1","fpr","auc"} (positive = the
scanner found the text invalid; AUC from its scores), or for Anonymize
{"n","types":{TYPE:{"recall","precision","support","detected"}},"total":{...}}.

Example: ragguard eval --scanner PromptInjection --data chunks.jsonl --threshold 0.8`;

function parseThreshold(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new UsageError(`--threshold must be a number between 0 and 1, got "${value}"`);
  }
  return parsed;
}

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

async function runEval(options: EvalCommandOptions): Promise<number> {
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
      const metrics = await evaluateBinary(
        scanner,
        parseRows(content, labelledRowSchema, options.data),
      );
      process.stdout.write(
        options.json ? `${JSON.stringify(metrics)}\n` : formatBinaryMetrics(title, metrics),
      );
    }
  } catch (error) {
    if (error instanceof EvalDataError)
      throw new UsageError(error.message, { details: error.badLines });
    throw error;
  }
  return ExitCode.ok;
}

/** `ragguard eval` — measure a scanner on a labelled JSON Lines file. */
export function evalCommand(): Command {
  return new Command("eval")
    .description("Measure a scanner on a labelled JSONL file (precision, recall, F1, FPR, AUC)")
    .requiredOption(
      "--scanner <name>",
      "scanner to evaluate, e.g. PromptInjection, Toxicity, Anonymize",
    )
    .requiredOption("--data <file>", "JSON Lines file with labelled rows")
    .option("--threshold <t>", "override the scanner's threshold (0..1)", parseThreshold)
    .option("--match-type <m>", `override the match type (${matchTypes.join(", ")})`)
    .option("--params <json>", "further scanner params as a JSON object")
    .option("--json", "print the metrics as one JSON object")
    .addHelpText("after", helpText)
    .action(action((options: EvalCommandOptions) => runEval(options)));
}
