import { Command } from "commander";
import { matchTypes } from "../../src/scan/match-type.js";
import { action, UsageError } from "../run.js";

/** The options `ragguard eval` parses. */
export interface EvalCommandOptions {
  scanner: string;
  data: string;
  threshold?: number;
  matchType?: string;
  params?: string;
  json?: boolean;
}

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
    .action(
      action(async (options: EvalCommandOptions) =>
        (await import("./eval-run.js")).runEval(options),
      ),
    );
}
