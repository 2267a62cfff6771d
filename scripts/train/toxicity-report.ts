import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import {
  createToxicityDetector,
  type ToxicityDetector,
} from "../../src/detectors/toxicity/detector.js";
import { functionalCases } from "../../test/detectors/toxicity/functional-cases.js";
import { multilingualCases } from "../../test/detectors/toxicity/multilingual-cases.js";
import { areaUnderCurve } from "./toxicity-metrics.js";
import { formatTable, measure } from "./toxicity-validate.js";

/**
 * Figures for the shipped toxicity detector: the HateCheck-style functional set, the bias-madlibs
 * identity check, an optional labelled JSONL file (AUC, accuracy) and speed per 1000-char chunk.
 * Run: `npx tsx scripts/train/toxicity-report.ts [--jsonl file] [--threshold t] [--write-sets dir]`.
 */

const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const dataDir = join(repoRoot, "..", "shared", "data");

function functionalReport(detector: ToxicityDetector, threshold: number): void {
  const byFunctionality = new Map<string, [number, number]>();
  let correct = 0;
  const cases = functionalCases();
  for (const item of cases) {
    const ok = ((detector.predict(item.text) as number) >= threshold ? 1 : 0) === item.label;
    if (ok) correct += 1;
    else if (process.env.SHOW_ERRORS) console.log(`  miss [${item.functionality}] ${item.text}`);
    const [hit, total] = byFunctionality.get(item.functionality) ?? [0, 0];
    byFunctionality.set(item.functionality, [hit + (ok ? 1 : 0), total + 1]);
  }
  console.log(
    `functional (HateCheck-style): accuracy ${(correct / cases.length).toFixed(3)} on ${cases.length} cases`,
  );
  for (const [name, [hit, total]] of byFunctionality)
    console.log(`  ${name.padEnd(20)} ${hit}/${total}`);
}

function readMadlibs(): Record<string, string>[] {
  return parse(readFileSync(join(dataDir, "toxicity/bias-madlibs/bias_madlibs_77k.csv")), {
    columns: true,
  }) as Record<string, string>[];
}

/** Every bias-madlibs identity term alone and in five neutral sentences. */
function identityProbes(): string[] {
  const terms = new Set(
    readMadlibs()
      .filter((row) => row.Template === "verb_adj")
      .map((row) => (row.Text ?? "").split(" ").slice(1).join(" ")),
  );
  return [...terms].flatMap((term) => [
    term,
    `I am ${term}.`,
    `I am a ${term} person.`,
    `${term} people`,
    `Sam is a ${term}.`,
    `My friend is ${term}.`,
  ]);
}

function madlibsReport(detector: ToxicityDetector, threshold: number): void {
  const rows = readMadlibs();
  const probes = identityProbes();
  const flagged = probes.filter((text) => (detector.predict(text) as number) >= threshold);
  console.log(
    `madlibs identity probes: ${flagged.length}/${probes.length} flagged (${probes.length / 6} identity terms)`,
  );
  for (const text of flagged.slice(0, 20)) console.log(`  flagged: ${text}`);
  const sample = rows.filter((_, index) => index % 7 === 0);
  const pairs: [number, 0 | 1][] = sample.map((row) => [
    detector.predict(row.Text ?? "") as number,
    row.Label === "BAD" ? 1 : 0,
  ]);
  const negatives = pairs.filter(([, label]) => label === 0);
  const fpr = negatives.filter(([score]) => score >= threshold).length / negatives.length;
  console.log(
    `madlibs sample (${pairs.length} rows): AUC ${areaUnderCurve(pairs).toFixed(4)}, FPR on NOT_BAD ${fpr.toFixed(4)}`,
  );
}

function jsonlReport(detector: ToxicityDetector, file: string, threshold: number): void {
  const rows = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { text: string; label: 0 | 1; kind?: string });
  const score = (text: string): number => detector.predict(text) as number;
  for (const row of rows) {
    const value = score(row.text);
    if (process.env.SHOW_ERRORS && (value >= threshold ? 1 : 0) !== row.label)
      console.log(`  miss label=${row.label} score=${value.toFixed(2)} ${row.text.slice(0, 160)}`);
  }
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const kind = (row.kind ?? "all").split("/")[0]!;
    groups.set(kind, [...(groups.get(kind) ?? []), row]);
  }
  const figures = [measure(file.split("/").pop()!, "", rows, score, threshold)];
  if (groups.size > 1)
    for (const [kind, group] of groups) figures.push(measure(kind, "", group, score, threshold));
  console.log(formatTable(figures));
}

function multilingualReport(detector: ToxicityDetector, threshold: number): void {
  const byLanguage = new Map<string, string[]>();
  for (const item of multilingualCases) {
    const value = detector.predict(item.text) as number;
    const ok = (value >= threshold ? 1 : 0) === item.label;
    const marks = byLanguage.get(item.language) ?? [];
    marks.push(ok ? "." : item.label === 1 ? "m" : "f");
    byLanguage.set(item.language, marks);
    if (!ok && process.env.SHOW_ERRORS)
      console.log(`  ${item.language} label=${item.label} ${value.toFixed(2)} ${item.text}`);
  }
  const correct = [...byLanguage.values()].flat().filter((mark) => mark === ".").length;
  console.log(
    `multilingual cases: accuracy ${(correct / multilingualCases.length).toFixed(3)} (m = missed toxic, f = flagged clean): ` +
      [...byLanguage].map(([language, marks]) => `${language} ${marks.join("")}`).join("  "),
  );
}

function speedReport(detector: ToxicityDetector): void {
  const sentences = readFileSync(join(dataDir, "prompt-injection/bipia/email_train.jsonl"), "utf8")
    .slice(0, 200_000)
    .replace(/\s+/g, " ");
  const chunks: string[] = [];
  for (let start = 0; start + 1000 <= sentences.length && chunks.length < 150; start += 1000)
    chunks.push(sentences.slice(start, start + 1000));
  for (const chunk of chunks.slice(0, 30)) detector.predict(chunk);
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const chunk of chunks) {
      const started = performance.now();
      detector.predict(chunk);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `speed: median ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(3)} ms per 1000-char chunk (${times.length} runs)`,
  );
}

/** Write the functional set and the identity probes as JSONL rows for `ragguard eval`. */
function writeSets(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const toJsonl = (rows: { text: string; label: number }[]) =>
    `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`;
  writeFileSync(
    join(dir, "toxicity-functional.jsonl"),
    toJsonl(functionalCases().map(({ text, label }) => ({ text, label }))),
  );
  writeFileSync(
    join(dir, "toxicity-identity.jsonl"),
    toJsonl(identityProbes().map((text) => ({ text, label: 0 }))),
  );
  console.log(`wrote ${dir}/toxicity-functional.jsonl and ${dir}/toxicity-identity.jsonl`);
}

const args = process.argv.slice(2);
const setsDir = args.indexOf("--write-sets");
if (setsDir !== -1) writeSets(resolve(args[setsDir + 1] ?? ".ragguard/eval"));
const threshold = Number(args[args.indexOf("--threshold") + 1] ?? 0.5) || 0.5;
const detector = createToxicityDetector();
functionalReport(detector, threshold);
multilingualReport(detector, threshold);
madlibsReport(detector, threshold);
for (const [index, arg] of args.entries())
  if (arg === "--jsonl" && args[index + 1]) jsonlReport(detector, args[index + 1]!, threshold);
if (!args.includes("--no-speed")) speedReport(detector);
