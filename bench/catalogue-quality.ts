// Measured quality of each catalogue scanner on the small labelled sets in
// fixtures/eval/catalogue/<Scanner>.jsonl.
// Run: nice npx tsx bench/catalogue-quality.ts [--config scanners.yml] [--data dir] [--json]
// (--data: another folder of <Scanner>.jsonl files, your own labelled rows).
// Rows: {"text", "label": 1 when the scanner should find the text invalid, "prompt"?}; output
// scanners that compare an answer with its prompt (FactualConsistency, LanguageSame, Relevance)
// get the row's `prompt`, the others scan `text` alone. Params: each scanner's defaults plus the
// lists of catalogue-params.ts; with --config, also the params the config's `output_scanners`
// (else `input_scanners`) give that scanner — thresholds as an LLM Guard user has them — with the
// fixture's lists still winning (the sets are about Salesforce, not the config's competitors).
// The sets were written before the scanners ran on them and not tuned against afterwards.
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { z } from "zod";
import { labelledRowSchema, parseRows } from "../src/eval/dataset.js";
import { type BinaryMetrics, predictionMetrics } from "../src/eval/metrics.js";
import { clampScore } from "../src/scan/scanner.js";
import { createOutputScanner } from "../src/scanners/output-registry.js";
import { Vault } from "../src/scanners/vault.js";
import { catalogueParams } from "./catalogue-params.js";

const fixtures = fileURLToPath(new URL("../fixtures/eval/catalogue", import.meta.url));
const rowSchema = labelledRowSchema.extend({ prompt: z.string().optional() });
const entriesSchema = z
  .array(z.object({ type: z.string(), params: z.record(z.string(), z.unknown()).nullish() }))
  .nullish();
const configSchema = z.object({ input_scanners: entriesSchema, output_scanners: entriesSchema });

type Params = Record<string, unknown>;

/** Each scanner type's params in a scanners.yml: its output entry, else its input entry. */
async function paramsOfConfig(path: string): Promise<Record<string, Params>> {
  const config = configSchema.parse(parse(await readFile(path, "utf8")));
  const byType: Record<string, Params> = {};
  for (const entry of [...(config.input_scanners ?? []), ...(config.output_scanners ?? [])]) {
    byType[entry.type] = entry.params ?? {};
  }
  return byType;
}

/** Score one scanner with `params` on its fixture file. */
async function measure(type: string, file: string, params: Params): Promise<BinaryMetrics> {
  const rows = parseRows(await readFile(file, "utf8"), rowSchema, file);
  const scanner = createOutputScanner({ type, params }, { vault: new Vault() });
  const scored = [];
  for (const row of rows) {
    const result = await scanner.scanOutput(row.prompt ?? "", row.text);
    scored.push({ score: clampScore(result.score), label: row.label, predicted: !result.valid });
  }
  return predictionMetrics(scored);
}

const { values } = parseArgs({
  options: {
    json: { type: "boolean" },
    config: { type: "string" },
    data: { type: "string", default: fixtures },
  },
});
const fromConfig = values.config === undefined ? undefined : await paramsOfConfig(values.config);
const dir = values.data ?? fixtures;
const files = (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort();
const results: Array<{ scanner: string; params: string } & BinaryMetrics> = [];
for (const name of files) {
  const type = basename(name, ".jsonl");
  const settings: Array<[string, Params]> = [["defaults", catalogueParams[type] ?? {}]];
  const configured = fromConfig?.[type];
  if (configured !== undefined) {
    settings.push(["config", { ...configured, ...catalogueParams[type] }]);
  }
  for (const [label, params] of settings) {
    results.push({
      scanner: type,
      params: label,
      ...(await measure(type, join(dir, name), params)),
    });
  }
}
if (values.json) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  const fixed = (value: number | null) => (value === null ? "—" : value.toFixed(2));
  process.stdout.write("| scanner | params | n (+/−) | precision | recall | F1 | FPR | AUC |\n");
  process.stdout.write("|---|---|---:|---:|---:|---:|---:|---:|\n");
  for (const m of results) {
    const positives = m.tp + m.fn;
    process.stdout.write(
      `| ${m.scanner} | ${m.params} | ${m.n} (${positives}/${m.n - positives}) | ${fixed(m.precision)} | ${fixed(m.recall)} | ${fixed(m.f1)} | ${fixed(m.fpr)} | ${fixed(m.auc)} |\n`,
    );
  }
}
