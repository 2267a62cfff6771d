// CPU and wall ms per 1000-character chunk for each catalogue scanner
// (run: nice npx tsx bench/catalogue-speed.ts).
import { performance } from "node:perf_hooks";
import type { OutputScanner } from "../src/scan/scan-output.js";
import { createOutputScanner } from "../src/scanners/output-registry.js";
import { createScanner } from "../src/scanners/registry.js";
import { Vault } from "../src/scanners/vault.js";
import { catalogueParams as params } from "./catalogue-params.js";

const paragraph =
  "Our quarterly report shows revenue grew from 3.1 to 3.5 million euros. The support team answered " +
  "most tickets within a day, and customers in Berlin and Lyon asked for a cheaper plan. See " +
  "https://docs.example.com/pricing for the details; contact the sales desk for an offer. ";
const chunk = paragraph.repeat(Math.ceil(1000 / paragraph.length)).slice(0, 1000);
const vault = new Vault();
const inputs = [
  "BanCode",
  "BanCompetitors",
  "BanSubstrings",
  "BanTopics",
  "Code",
  "EmotionDetection",
  "Gibberish",
  "Language",
  "Sentiment",
  "TokenLimit",
];
const outputs = [
  "Bias",
  "FactualConsistency",
  "JSON",
  "LanguageSame",
  "MaliciousURLs",
  "NoRefusal",
  "ReadingTime",
  "Relevance",
  "Sensitive",
];

/**
 * Wall-clock and CPU (user + system of this process) ms per chunk. The CPU figure is the one to
 * quote on a shared host: other jobs stretch wall time, not the CPU this process uses.
 */
async function time(name: string, run: () => unknown): Promise<void> {
  for (let i = 0; i < 20; i++) await run(); // load lazy libraries, warm up
  const n = 200;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await run();
  const wallMs = (performance.now() - started) / n;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / n;
  console.log(`${name.padEnd(20)} ${cpuMs.toFixed(3)} ms CPU  ${wallMs.toFixed(3)} ms wall`);
}

for (const type of inputs) {
  const scanner = createScanner({ type, params: params[type] ?? {} }, { vault });
  await time(type, () => scanner.scan(chunk));
}
for (const type of outputs) {
  const scanner: OutputScanner = createOutputScanner(
    { type, params: params[type] ?? {} },
    { vault },
  );
  await time(type, () => scanner.scanOutput(paragraph, chunk));
}
