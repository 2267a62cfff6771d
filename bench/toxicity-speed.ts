/**
 * CPU time of the Toxicity scanner per 1000-character chunk (process CPU time, not wall time, so
 * other load on the host does not count): the bench's generated English chunks, and chunks cut
 * from the multilingual sentences of the unit tests. Run:
 * `nice npx tsx bench/toxicity-speed.ts [--chunks 400] [--passes 5]`.
 */
import { parseArgs } from "node:util";
import { Toxicity } from "../src/scanners/toxicity.js";
import { multilingualCases } from "../test/detectors/toxicity/multilingual-cases.js";
import { generateChunks } from "./corpus.js";

const { values } = parseArgs({
  options: {
    chunks: { type: "string", default: "400" },
    passes: { type: "string", default: "5" },
  },
});
const count = Number(values.chunks);
const passes = Number(values.passes);

function multilingualChunks(size: number): string[] {
  const texts = multilingualCases.map((item) => item.text);
  const out: string[] = [];
  let chunk = "";
  for (let index = 0; out.length < count; index += 1) {
    chunk += `${texts[index % texts.length]!} `;
    if (chunk.length >= size) {
      out.push(chunk.slice(0, size));
      chunk = "";
    }
  }
  return out;
}

async function cpuMsPerChunk(scanner: Toxicity, chunks: readonly string[]): Promise<number> {
  for (const chunk of chunks.slice(0, 50)) await scanner.scan(chunk);
  const perPass: number[] = [];
  for (let pass = 0; pass < passes; pass += 1) {
    const start = process.cpuUsage();
    for (const chunk of chunks) await scanner.scan(chunk);
    const used = process.cpuUsage(start);
    perPass.push((used.user + used.system) / 1000 / chunks.length);
  }
  perPass.sort((a, b) => a - b);
  return perPass[Math.floor(perPass.length / 2)]!;
}

const scanner = new Toxicity();
const english = await cpuMsPerChunk(scanner, generateChunks(count, 1000, 7));
const multilingual = await cpuMsPerChunk(scanner, multilingualChunks(1000));
console.log(
  `Toxicity: ${english.toFixed(3)} ms CPU per 1000-char chunk (bench chunks), ` +
    `${multilingual.toFixed(3)} ms (multilingual chunks); median of ${passes} passes over ${count} chunks`,
);
