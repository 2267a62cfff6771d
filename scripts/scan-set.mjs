// A scanner set and its chunks for the scan-* profiling scripts: `set` is `default`, `ingest` or
// scanner types joined by "+"; the chunks are the bench's generated ones (seed 7) or the first
// `count` of a JSON array (scan-corpus-chunks.mjs). `scan(text)` runs scanPrompt behind a task
// vault, as the ingest workers do.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const sets = {
  default: ["Anonymize", "Toxicity", "PromptInjection"],
  ingest: ["InvisibleText", "Secrets", "Anonymize", "Toxicity", "PromptInjection"],
};

export async function loadScanSet(distArg, set, count, chunksPath) {
  const dist = resolve(distArg ?? "dist");
  const types = sets[set] ?? set.split("+");
  const { scanPrompt } = await import(join(dist, "src/scan/scan-prompt.js"));
  const { buildScanners } = await import(join(dist, "src/scanners/registry.js"));
  const { createTaskVault } = await import(join(dist, "src/workers/task-vault.js"));
  const { silentLogger } = await import(join(dist, "src/common/logger.js"));
  const { generateChunks } = await import(join(dist, "cli/bench/corpus.js"));
  const chunks = chunksPath
    ? JSON.parse(readFileSync(chunksPath, "utf8")).slice(0, count)
    : generateChunks(count, 1000, 7);
  const tv = createTaskVault();
  const scanners = buildScanners(
    types.map((type) => ({ type })),
    { vault: tv.vault },
  );
  return {
    chunks,
    scan: (text) => tv.run(() => scanPrompt(scanners, text, { logger: silentLogger })),
  };
}
