// A/B of two builds of the scanners in ONE process, so a loaded machine slows both alike:
//   git worktree add /tmp/a <commit> && (cd /tmp/a && npx tsc -p tsconfig.build.json --outDir /work/main/scratch/a)
//   npx tsc -p tsconfig.build.json --outDir scratch/b
//   node scripts/ab-scanners.mjs scratch/a scratch/b [set=default|ingest|PromptInjection|Toxicity+...] [chunks=2000] [rounds=5] [chunks.json]
// set=ingest is ingest's default set (InvisibleText+Secrets+Anonymize+Toxicity+PromptInjection).
// chunks.json (a JSON array of strings, e.g. the chunks ingest-cli's splitter made of a corpus)
// replaces the bench chunks; its first `chunks` texts are used.
// Alternates batches of 50 bench chunks (generateChunks(n, 1000, 7)) between A and B (A,B then
// B,A ...) and prints the process CPU (process.cpuUsage: every thread, GC included) in ms per
// chunk per round, the medians and the median of the per-round ratios B/A. The two builds'
// modules are separate, so neither's JIT feedback leaks into the other's.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const set = process.argv[4] ?? "default";
const count = Number(process.argv[5] ?? 2000);
const rounds = Number(process.argv[6] ?? 5);
const sets = {
  default: ["Anonymize", "Toxicity", "PromptInjection"],
  ingest: ["InvisibleText", "Secrets", "Anonymize", "Toxicity", "PromptInjection"],
};
const types = sets[set] ?? set.split("+");
async function load(dir) {
  const dist = resolve(dir);
  const { scanPrompt } = await import(join(dist, "src/scan/scan-prompt.js"));
  const { buildScanners } = await import(join(dist, "src/scanners/registry.js"));
  const { createTaskVault } = await import(join(dist, "src/workers/task-vault.js"));
  const { silentLogger } = await import(join(dist, "src/common/logger.js"));
  const tv = createTaskVault();
  const scanners = buildScanners(
    types.map((type) => ({ type })),
    { vault: tv.vault },
  );
  return async (chunks) => {
    for (const c of chunks) await tv.run(() => scanPrompt(scanners, c, { logger: silentLogger }));
  };
}
const { generateChunks } = await import(join(resolve(process.argv[2]), "cli/bench/corpus.js"));
const chunks = process.argv[7]
  ? JSON.parse(readFileSync(process.argv[7], "utf8")).slice(0, count)
  : generateChunks(count, 1000, 7);
if (chunks.length < count) throw new Error(`${process.argv[7]} holds ${chunks.length} chunks`);
const runs = [await load(process.argv[2]), await load(process.argv[3])];
for (const run of runs) await run(chunks.slice(0, 300));
const batch = 50;
const per = [[], []];
for (let r = 0; r < rounds; r++) {
  const spent = [0, 0];
  for (let b = 0; b < count; b += batch) {
    const slice = chunks.slice(b, b + batch);
    const order = (b / batch) % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const t0 = process.cpuUsage();
      await runs[side](slice);
      const u = process.cpuUsage(t0);
      spent[side] += u.user + u.system;
    }
  }
  per[0].push(spent[0] / 1000 / count);
  per[1].push(spent[1] / 1000 / count);
}
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const ratios = per[0].map((a, i) => per[1][i] / a);
console.log(
  JSON.stringify({
    set,
    chunks: process.argv[7] ?? "bench",
    A: process.argv[2],
    B: process.argv[3],
    A_ms: per[0].map((x) => +x.toFixed(4)),
    B_ms: per[1].map((x) => +x.toFixed(4)),
    A_median: +med(per[0]).toFixed(4),
    B_median: +med(per[1]).toFixed(4),
    B_over_A: +med(ratios).toFixed(3),
  }),
);
