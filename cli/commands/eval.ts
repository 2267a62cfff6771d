import { readFile } from "node:fs/promises";
import { Command } from "commander";
import type { EvaluateScannerOptions } from "../../src/eval/evaluate-scanner.js";
import { matchTypes } from "../../src/scan/match-type.js";
import { SCAN_SOURCES, type ScanSource } from "../../src/scan/scanner.js";
import { action, ExitCode, UsageError } from "../run.js";

/** The options `ragguard eval` parses. */
export interface EvalCommandOptions extends EvaluateScannerOptions {
  data: string;
}

const helpText = `
Rows are JSON Lines: {"text": "...", "label": 0|1} (1 = the scanner should flag it), optionally
with "source": "prompt"|"document"|"tool_output" (the kind of text, passed to the scanner), or
for Anonymize {"text": "...", "entities": [{"type": "PERSON", "value": "Ann Lee"}]}.
A bad row stops the run with its line number (exit 2); no row is skipped silently.

--json prints {"n","tp","fp","tn","fn","precision","recall","f1","fpr","auc"} (positive = the
scanner found the text invalid; AUC from its scores), plus "atFpr": {"maxFpr","threshold",
"recall","fpr"} with --at-fpr and "sweep": [{"threshold",...}] with --sweep; or for Anonymize
{"n","types":{TYPE:{"recall","precision","support","detected"}},"total":{...}}.
A rate that the data leaves undefined (recall without positives, FPR without negatives,
precision without a flagged row) is null, not 0.

Examples:
  ragguard eval --scanner PromptInjection --data chunks.jsonl --source document --at-fpr 0.01
  ragguard eval --scanner PromptInjection --data prompts.jsonl --sweep 0.5,0.7,0.9`;

function parseThreshold(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new UsageError(`--threshold must be a number between 0 and 1, got "${value}"`);
  }
  return parsed;
}

function parseRate(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed >= 1)
    throw new UsageError(`--at-fpr must be a number in [0, 1), e.g. 0.01, got "${value}"`);
  return parsed;
}

function parseSweep(value: string): number[] {
  const parts = value.split(",").map((part) => part.trim());
  if (value.trim() === "") throw new UsageError("--sweep needs thresholds, e.g. 0.5,0.7,0.9");
  return parts.map((part) => {
    const parsed = Number(part);
    if (part === "" || !Number.isFinite(parsed) || parsed < 0 || parsed > 1)
      throw new UsageError(`--sweep thresholds must be numbers between 0 and 1, got "${part}"`);
    return parsed;
  });
}

function parseParams(value: string): Record<string, unknown> {
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

function parseSource(value: string): ScanSource {
  const source = SCAN_SOURCES.find((candidate) => candidate === value);
  if (source === undefined)
    throw new UsageError(`--source must be one of ${SCAN_SOURCES.join(", ")}, got "${value}"`);
  return source;
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
    .option("--params <json>", "further scanner params as a JSON object", parseParams)
    .option(
      "--source <kind>",
      `kind of text for rows without one (${SCAN_SOURCES.join(", ")})`,
      parseSource,
    )
    .option("--at-fpr <rate>", "also report recall at the threshold giving FPR <= rate", parseRate)
    .option(
      "--sweep <list>",
      "also report metrics at these thresholds, e.g. 0.5,0.7,0.9",
      parseSweep,
    )
    .option("--json", "print the metrics as one JSON object")
    .addHelpText("after", helpText)
    .action(action(runEval));
}

async function runEval(options: EvalCommandOptions): Promise<number> {
  const content = await readFile(options.data, "utf8").catch((error: unknown) => {
    throw new UsageError(
      `cannot read --data ${options.data}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  // Loaded on use, so that other commands and `--help` do not load the scanners.
  const [{ EvalDataError }, { evaluateScanner }] = await Promise.all([
    import("../../src/eval/dataset.js"),
    import("../../src/eval/evaluate-scanner.js"),
  ]);
  try {
    process.stdout.write(await evaluateScanner(content, options.data, options));
  } catch (error) {
    if (error instanceof EvalDataError)
      throw new UsageError(error.message, { details: error.badLines });
    throw error;
  }
  return ExitCode.ok;
}
