// Each row's verdict and score for one catalogue scanner on a labelled file, to see which rows a
// change moves (bench/catalogue-quality.ts gives the totals):
// npx tsx scripts/catalogue-dev-scores.ts BanTopics test/fixtures/catalogue-dev/BanTopics.jsonl
// Tune on test/fixtures/catalogue-dev/, never on the held-out fixtures/eval/catalogue/.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { catalogueParams } from "../bench/catalogue-params.js";
import { labelledRowSchema, parseRows } from "../src/eval/dataset.js";
import { createOutputScanner } from "../src/scanners/output-registry.js";
import { Vault } from "../src/scanners/vault.js";

const [type, file] = process.argv.slice(2);
if (type === undefined || file === undefined) {
  throw new Error("usage: catalogue-dev-scores.ts <ScannerType> <rows.jsonl>");
}
const rows = parseRows(
  readFileSync(file, "utf8"),
  labelledRowSchema.extend({ prompt: z.string().optional() }),
  file,
);
const scanner = createOutputScanner(
  { type, params: catalogueParams[type] ?? {} },
  { vault: new Vault() },
);
for (const row of rows) {
  const result = await scanner.scanOutput(row.prompt ?? "", row.text);
  const verdict = result.valid ? "valid  " : "INVALID";
  process.stdout.write(
    `${row.label} ${verdict} ${result.score.toFixed(3)} ${row.text.slice(0, 90)}\n`,
  );
}
