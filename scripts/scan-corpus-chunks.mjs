// The chunks ingest's splitter makes of a corpus, as a JSON array of strings for
// `ab-scanners.mjs` / `scan-profile.mjs`: every `step`-th file (sorted paths) of each folder.
//   node scripts/scan-corpus-chunks.mjs <dist> <corpus dir> <out.json> [step=1]
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const dist = resolve(process.argv[2]);
const root = resolve(process.argv[3]);
const step = Number(process.argv[5] ?? 1);
const { loadChunks } = await import(join(dist, "cli/ingest/load-chunks.js"));
function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}
const texts = [];
const files = filesUnder(root).filter((_, i) => i % step === 0);
for (const path of files) {
  const loaded = await loadChunks({ path, source: path }, { chunkSize: 1000, chunkOverlap: 0 });
  if (loaded.kind === "loaded") for (const c of loaded.chunks) texts.push(c.pageContent);
}
// Interleave the formats' chunks so a prefix of the array is a mix of all of them.
const mixed = [];
const stride = 97;
for (let s = 0; s < stride; s++)
  for (let i = s; i < texts.length; i += stride) mixed.push(texts[i]);
writeFileSync(process.argv[4], JSON.stringify(mixed));
console.log(`${files.length} files, ${mixed.length} chunks`);
