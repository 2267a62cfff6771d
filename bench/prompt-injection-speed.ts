/**
 * CPU cost of PromptInjection alone and of the default scanner set (Anonymize, Toxicity,
 * PromptInjection) per 1000-character chunk, on the bench's generated chunks:
 * `nice npx tsx bench/prompt-injection-speed.ts [chunks=300] [rounds=3]`. Prints the best round's
 * milliseconds per chunk (process CPU time, so other load on the machine counts less).
 */

import { silentLogger } from "../src/common/logger.js";
import { scanPrompt } from "../src/scan/scan-prompt.js";
import type { Scanner } from "../src/scan/scanner.js";
import { buildScanners } from "../src/scanners/registry.js";
import { Vault } from "../src/scanners/vault.js";
import { generateChunks } from "./corpus.js";

const count = Number(process.argv[2] ?? 300);
const rounds = Number(process.argv[3] ?? 3);
const chunks = generateChunks(count, 1000, 7);

async function bestCpuMsPerChunk(scanners: Scanner[]): Promise<number> {
  for (const chunk of chunks.slice(0, 20))
    await scanPrompt(scanners, chunk, { logger: silentLogger });
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round += 1) {
    const start = process.cpuUsage();
    for (const chunk of chunks)
      await scanPrompt(scanners, chunk, { logger: silentLogger, source: "document" });
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000 / chunks.length);
  }
  return best;
}

const alone = await bestCpuMsPerChunk(
  buildScanners([{ type: "PromptInjection" }], { vault: new Vault() }),
);
const defaults = await bestCpuMsPerChunk(
  buildScanners([{ type: "Anonymize" }, { type: "Toxicity" }, { type: "PromptInjection" }], {
    vault: new Vault(),
  }),
);
const mean = chunks.reduce((sum, chunk) => sum + chunk.length, 0) / chunks.length;
console.log(
  `chunks: ${chunks.length} (mean ${mean.toFixed(0)} chars), best of ${rounds} rounds, CPU ms per chunk`,
);
console.log(`PromptInjection alone: ${alone.toFixed(3)} ms`);
console.log(`default set (Anonymize, Toxicity, PromptInjection): ${defaults.toFixed(3)} ms`);
