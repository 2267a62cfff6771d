// Ingest a corpus with two builds and compare their outputs byte for byte:
//   node scripts/load-identity.mjs <A repo root> <B repo root> [corpus dir] [workers, default 2]
// corpus dir: default the bench's cached 50 MB corpus. Compares chunks.jsonl and dropped.jsonl
// (and every other file both runs wrote, but the report and the run log, which hold timings).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const [aArg, bArg, corpusArg, workersArg] = process.argv.slice(2);
const corpus = resolve(corpusArg ?? "node_modules/.cache/ragguard-bench/8-50000000/files");
const workers = workersArg ?? "2";
const outs = [];
for (const [name, root] of [
  ["A", aArg],
  ["B", bArg],
]) {
  const out = `/tmp/load-identity-${process.pid}-${name}`;
  rmSync(out, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [`${resolve(root)}/bin/ingest-cli.js`, corpus, "--out", out, "--workers", workers, "--quiet"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  outs.push(out);
}
const [a, b] = outs;
const files = readdirSync(a).sort();
let differ = 0;
for (const file of files) {
  const left = readFileSync(`${a}/${file}`);
  let right;
  try {
    right = readFileSync(`${b}/${file}`);
  } catch {
    console.log(`${file}: only in A`);
    differ++;
    continue;
  }
  const same = left.equals(right);
  const timed = /report|log/.test(file);
  console.log(
    `${file}: ${left.length} bytes, ${same ? "identical" : timed ? "differs (timings)" : "DIFFERS"}`,
  );
  if (!same && !timed) differ++;
}
for (const file of readdirSync(b)) if (!files.includes(file)) console.log(`${file}: only in B`);
for (const out of outs) rmSync(out, { recursive: true, force: true });
console.log(differ === 0 ? "outputs identical" : `${differ} file(s) differ`);
process.exitCode = differ === 0 ? 0 : 1;
