// Scan the bench chunks with a scanner set, for `node --cpu-prof`:
//   node --cpu-prof --cpu-prof-dir=scratch/prof scripts/scan-profile.mjs <dist> [set=ingest] [chunks=4000] [rounds=3] [chunks.json]
// then `node scripts/scan-prof-top.mjs scratch/prof/<file>.cpuprofile` for the top self times.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const dist = resolve(process.argv[2] ?? "dist");
const set = process.argv[3] ?? "ingest";
const count = Number(process.argv[4] ?? 4000);
const rounds = Number(process.argv[5] ?? 3);
const sets = {
  default: ["Anonymize", "Toxicity", "PromptInjection"],
  ingest: ["InvisibleText", "Secrets", "Anonymize", "Toxicity", "PromptInjection"],
};
const types = sets[set] ?? set.split("+");
const { scanPrompt } = await import(join(dist, "src/scan/scan-prompt.js"));
const { buildScanners } = await import(join(dist, "src/scanners/registry.js"));
const { createTaskVault } = await import(join(dist, "src/workers/task-vault.js"));
const { silentLogger } = await import(join(dist, "src/common/logger.js"));
const { generateChunks } = await import(join(dist, "cli/bench/corpus.js"));
const chunks = process.argv[6]
  ? JSON.parse(readFileSync(process.argv[6], "utf8")).slice(0, count)
  : generateChunks(count, 1000, 7);
const tv = createTaskVault();
const scanners = buildScanners(
  types.map((type) => ({ type })),
  { vault: tv.vault },
);
const t0 = process.cpuUsage();
for (let r = 0; r < rounds; r++)
  for (const c of chunks) await tv.run(() => scanPrompt(scanners, c, { logger: silentLogger }));
const u = process.cpuUsage(t0);
console.log(`${set}: ${((u.user + u.system) / 1000 / count / rounds).toFixed(4)} ms/chunk`);
