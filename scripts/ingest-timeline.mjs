// Busy cores over time of one ingest-cli run, by thread: the main thread, the <workers> busiest
// threads (the ingest workers) and the rest (V8/libuv helpers), read from /proc every 50 ms and
// printed per bucket, to see how much of a run is start-up, steady state and tail:
//   node scripts/ingest-timeline.mjs <repo root> <workers> [bucket seconds, 0.5] [corpus dir]
// corpus dir: default the bench's cached 50 MB corpus (run `npm run bench -- --only ingestion` once).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const [rootArg, workers, bucketArg, corpusArg] = process.argv.slice(2);
const root = resolve(rootArg);
const corpus = resolve(corpusArg ?? "node_modules/.cache/ragguard-bench/8-50000000/files");
const bucket = Number(bucketArg ?? 0.5);
const out = `/tmp/ingest-timeline-${process.pid}`;
const ticks = 100;
const t0 = performance.now();
const child = spawn(
  process.execPath,
  [`${root}/bin/ingest-cli.js`, corpus, "--out", out, "--workers", workers, "--quiet", "--json"],
  { stdio: ["ignore", "ignore", "inherit"] },
);

/** CPU seconds of every thread of the child now (threads that ended are missing). */
function readThreads() {
  const threads = new Map();
  try {
    for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        threads.set(tid, (Number(fields[11]) + Number(fields[12])) / ticks);
      } catch {}
    }
  } catch {}
  return threads;
}

const samples = [];
const poll = setInterval(
  () => samples.push({ t: (performance.now() - t0) / 1000, threads: readThreads() }),
  50,
);
await new Promise((done) => child.once("exit", done));
clearInterval(poll);
rmSync(out, { recursive: true, force: true });
const wall = (performance.now() - t0) / 1000;

// A thread's CPU only grows: keep the last reading of each (helpers come and go).
const last = new Map();
for (const { threads } of samples) for (const [tid, sec] of threads) last.set(tid, sec);
const mainTid = String(child.pid);
const workerTids = [...last]
  .filter(([tid]) => tid !== mainTid)
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(workers))
  .map(([tid]) => tid);
const seen = new Map();
const totals = () => {
  const helpers = [...seen]
    .filter(([tid]) => tid !== mainTid && !workerTids.includes(tid))
    .reduce((sum, [, sec]) => sum + sec, 0);
  return {
    main: seen.get(mainTid) ?? 0,
    workers: workerTids.map((tid) => seen.get(tid) ?? 0),
    helpers,
  };
};
let from = { t: 0, ...totals() };
for (const [index, { t, threads }] of samples.entries()) {
  for (const [tid, sec] of threads) seen.set(tid, sec);
  if (t - from.t < bucket && index < samples.length - 1) continue;
  const now = { t, ...totals() };
  const span = now.t - from.t;
  const main = (now.main - from.main) / span;
  const perWorker = now.workers.map((sec, i) => (sec - (from.workers[i] ?? 0)) / span);
  const helpers = (now.helpers - from.helpers) / span;
  const busy = main + helpers + perWorker.reduce((a, b) => a + b, 0);
  console.log(
    `${from.t.toFixed(1).padStart(5)}-${now.t.toFixed(1).padStart(5)} s  busy ${busy.toFixed(2)}  main ${main.toFixed(2)}  workers ${perWorker.map((x) => x.toFixed(2)).join(" ")}  helpers ${helpers.toFixed(2)}  ${"#".repeat(Math.round(busy * 20))}`,
  );
  from = now;
}
console.log(`wall ${wall.toFixed(2)} s`);
