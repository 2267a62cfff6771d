// CPU of loading and splitting a corpus in this thread, without scanners: `loadChunks` (read,
// hash, decode, parse, split, chunk ids, chunk records) of every file of the given formats, by
// format, as builds A and B alternate (A B B A per round), after one warm-up pass of each.
//   node scripts/load-bench.mjs <A dist> <B dist> [rounds, default 3] [corpus dir] [formats, e.g. html,md]
// corpus dir: default the bench's cached 50 MB corpus; formats: default every one but pdf.
// Also checks that both builds give the same records (JSON of every chunk) for every file.
import { readdirSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [aArg, bArg, roundsArg, corpusArg, formatsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const corpus = resolve(corpusArg ?? "node_modules/.cache/ragguard-bench/8-50000000/files");
const formats = new Set(
  (formatsArg ?? "txt,text,md,markdown,mdx,html,htm,jsonl,ndjson,json,csv").split(","),
);

const list = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? list(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const files = list(corpus)
  .filter((path) => formats.has(extname(path).slice(1).toLowerCase()))
  .sort()
  .map((path) => ({ path, source: relative(corpus, path), format: extname(path).slice(1) }));

const builds = {};
for (const [name, dist] of [
  ["A", aArg],
  ["B", bArg],
]) {
  const url = pathToFileURL(resolve(dist, "cli/ingest/load-chunks.js")).href;
  builds[name] = (await import(url)).loadChunks;
}
const settings = { chunkSize: 1000, chunkOverlap: 0 };

/** One pass over the corpus; CPU ms per format (wall-clock-free: process CPU). */
async function pass(loadChunks, keep) {
  const byFormat = {};
  const out = [];
  for (const file of files) {
    const before = process.cpuUsage();
    const load = await loadChunks({ path: file.path, source: file.source }, settings);
    const used = process.cpuUsage(before);
    byFormat[file.format] = (byFormat[file.format] ?? 0) + (used.user + used.system) / 1000;
    if (keep) out.push(JSON.stringify(load));
  }
  return { byFormat, out };
}

const a0 = await pass(builds.A, true);
const b0 = await pass(builds.B, true);
let differ = 0;
for (let i = 0; i < files.length; i++) {
  if (a0.out[i] !== b0.out[i]) {
    differ++;
    if (differ <= 5) console.log(`differs: ${files[i].source}`);
  }
}
console.log(`${files.length} files, ${differ} with different records`);

const totals = { A: {}, B: {} };
for (let round = 0; round < rounds; round++) {
  for (const name of ["A", "B", "B", "A"]) {
    const { byFormat } = await pass(builds[name], false);
    for (const [format, ms] of Object.entries(byFormat)) {
      totals[name][format] = (totals[name][format] ?? 0) + ms / (2 * rounds);
    }
  }
}
const sum = (o) => Object.values(o).reduce((x, y) => x + y, 0);
console.log("format      A ms    B ms   B/A");
for (const format of Object.keys(totals.A)) {
  const a = totals.A[format];
  const b = totals.B[format];
  console.log(
    `${format.padEnd(8)} ${a.toFixed(0).padStart(7)} ${b.toFixed(0).padStart(7)} ${(b / a).toFixed(3)}`,
  );
}
console.log(
  `${"all".padEnd(8)} ${sum(totals.A).toFixed(0).padStart(7)} ${sum(totals.B).toFixed(0).padStart(7)} ${(sum(totals.B) / sum(totals.A)).toFixed(3)}`,
);
