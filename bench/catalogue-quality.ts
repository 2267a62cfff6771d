// Measured quality of each catalogue scanner on the small labelled sets in
// fixtures/eval/catalogue/<Scanner>.jsonl (run: nice npx tsx bench/catalogue-quality.ts [--json]).
// Rows: {"text", "label": 1 when the scanner should find the text invalid, "prompt"?}; output
// scanners that compare an answer with its prompt (FactualConsistency, LanguageSame, Relevance)
// get the row's `prompt`, the others scan `text` alone. Default params except those in
// catalogue-params.ts. The sets were written before the scanners ran on them and not tuned after.
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import { labelledRowSchema, parseRows } from "../src/eval/dataset.js";
import { type BinaryMetrics, predictionMetrics } from "../src/eval/metrics.js";
import { clampScore } from "../src/scan/scanner.js";
import { createOutputScanner } from "../src/scanners/output-registry.js";
import { Vault } from "../src/scanners/vault.js";
import { catalogueParams } from "./catalogue-params.js";

const dir = fileURLToPath(new URL("../fixtures/eval/catalogue", import.meta.url));
const rowSchema = labelledRowSchema.extend({ prompt: z.string().optional() });

/** Score one scanner on its fixture file. */
async function measure(type: string, file: string): Promise<BinaryMetrics> {
  const rows = parseRows(await readFile(file, "utf8"), rowSchema, file);
  const scanner = createOutputScanner(
    { type, params: catalogueParams[type] ?? {} },
    { vault: new Vault() },
  );
  const scored = [];
  for (const row of rows) {
    const result = await scanner.scanOutput(row.prompt ?? "", row.text);
    scored.push({ score: clampScore(result.score), label: row.label, predicted: !result.valid });
  }
  return predictionMetrics(scored);
}

const { values } = parseArgs({ options: { json: { type: "boolean" } } });
const files = (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort();
const results: Record<string, BinaryMetrics> = {};
for (const name of files) {
  const type = basename(name, ".jsonl");
  results[type] = await measure(type, join(dir, name));
}
if (values.json) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  const fixed = (value: number | null) => (value === null ? "—" : value.toFixed(2));
  process.stdout.write("| scanner | n (+/−) | precision | recall | F1 | FPR | AUC |\n");
  process.stdout.write("|---|---:|---:|---:|---:|---:|---:|\n");
  for (const [type, m] of Object.entries(results)) {
    const positives = m.tp + m.fn;
    process.stdout.write(
      `| ${type} | ${m.n} (${positives}/${m.n - positives}) | ${fixed(m.precision)} | ${fixed(m.recall)} | ${fixed(m.f1)} | ${fixed(m.fpr)} | ${fixed(m.auc)} |\n`,
    );
  }
}
