// CPU per MB of one ingest-cli run, by thread (main, the busiest <workers> threads, the rest =
// V8/libuv helpers), from /proc every 100 ms. Interleave builds, e.g. old new new old:
//   node scripts/ingest-cpu.mjs <repo root> <workers> [corpus dir] [node flags...]
// corpus dir: default the bench's cached 50 MB corpus (run `npm run bench -- --only ingestion` once).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const [rootArg, workers, corpusArg, ...flags] = process.argv.slice(2);
const root = resolve(rootArg);
const C = resolve(corpusArg ?? "node_modules/.cache/ragguard-bench/8-50000000/files");
const sizeOf = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) =>
      sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );
const out = `/tmp/ingestcost-run-${process.pid}`;
const tick = 100;
const stat = (p) => {
  const s = readFileSync(p, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / tick;
};
const t0 = performance.now();
const child = spawn(
  process.execPath,
  [
    ...flags,
    `${root}/bin/ingest-cli.js`,
    C,
    "--out",
    out,
    "--workers",
    workers,
    "--quiet",
    "--json",
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
const threads = new Map();
const poll = setInterval(() => {
  try {
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
      try {
        const sec = stat(`/proc/${child.pid}/task/${tid}/stat`);
        const comm = readFileSync(`/proc/${child.pid}/task/${tid}/comm`, "utf8").trim();
        threads.set(tid, { sec, comm });
      } catch {}
    }
  } catch {}
}, 100);
await new Promise((r) => child.once("exit", r));
clearInterval(poll);
const wall = (performance.now() - t0) / 1000;
rmSync(out, { recursive: true, force: true });
const byComm = new Map();
let total = 0;
let mainCpu = 0;
const others = [];
for (const [tid, { sec, comm }] of threads) {
  total += sec;
  if (Number(tid) === child.pid) mainCpu = sec;
  else others.push({ sec, comm });
  byComm.set(comm, (byComm.get(comm) ?? 0) + sec);
}
others.sort((a, b) => b.sec - a.sec);
const w = others.slice(0, Number(workers)).reduce((a, b) => a + b.sec, 0);
const h = total - mainCpu - w;
const mb = sizeOf(C) / 1e6;
console.log(
  `${root.split("/").pop()} w=${workers} [${flags.join(" ")}] wall ${wall.toFixed(1)} s ${(mb / wall).toFixed(2)} MB/s; CPU-s/MB total ${(total / mb).toFixed(3)} main ${(mainCpu / mb).toFixed(3)} workers ${(w / mb).toFixed(3)} helpers ${(h / mb).toFixed(3)} | ${[
    ...byComm,
  ]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k}:${v.toFixed(1)}`)
    .join(" ")}`,
);
