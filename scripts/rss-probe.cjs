// Probe for the gateway's memory after load, preloaded with `--require` (see rss-heap-diff.mjs).
// On SIGUSR2 it appends to $RSS_PROBE_OUT (JSON lines) V8's heap spaces, process.memoryUsage()
// and /proc/self/smaps_rollup. At the signals listed in RSS_PROBE_GC (e.g. "2": the second one)
// it then runs a full collection (V8's gc extension) and logs again: what it freed is garbage,
// what it kept is live; at those in RSS_PROBE_SNAPSHOT it writes a heap snapshot (itself a full
// collection, and its writer keeps ~100 MB of malloc'd memory in the process afterwards).
// Each line lists the full (mark-compact) collections since the last line (start s/duration).
// RSS_PROBE_EVERY=<ms> also logs every <ms> in a process started with a `plain.yaml` config
// (the bench's plain gateway): `NODE_OPTIONS="--require $PWD/scripts/rss-probe.cjs"
// RSS_PROBE_EVERY=3000 RSS_PROBE_OUT=/tmp/x.jsonl node bin/ragguard.js bench --only gateway`.
const { appendFileSync, readFileSync } = require("node:fs");
const v8 = require("node:v8");
const { runInNewContext } = require("node:vm");

const at = (name) => (process.env[name] ?? "").split(",").filter(Boolean).map(Number);
const gcAt = at("RSS_PROBE_GC");
const snapshotAt = at("RSS_PROBE_SNAPSHOT");
let gc;
function fullGc() {
  if (gc === undefined) {
    v8.setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc");
    v8.setFlagsFromString("--no-expose-gc");
  }
  // No argument: Node 20's V8 (11.3) reads any options object as a request for a scavenge.
  gc();
}

const out = process.env.RSS_PROBE_OUT ?? `/tmp/rss-probe-${process.pid}.jsonl`;
const mib = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
let n = 0;
function record(label) {
  const spaces = {};
  for (const s of v8.getHeapSpaceStatistics())
    spaces[s.space_name] = [mib(s.physical_space_size), mib(s.space_used_size)];
  const rollup = {};
  for (const line of readFileSync("/proc/self/smaps_rollup", "utf8").split("\n")) {
    const m = /^(Rss|Anonymous|Private_Dirty|Shared_Clean|Private_Clean):\s+(\d+)/.exec(line);
    if (m) rollup[m[1]] = Math.round(Number(m[2]) / 102.4) / 10;
  }
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  appendFileSync(
    out,
    `${JSON.stringify({
      label,
      t: Math.round(process.uptime()),
      rss: mib(mem.rss),
      external: mib(mem.external),
      arrayBuffers: mib(mem.arrayBuffers),
      mallocked: mib(heap.malloced_memory),
      code: mib(heap.total_physical_size),
      spaces,
      rollup,
      majors: majors.splice(0),
      deopts: deoptFile ? deopts() : undefined,
    })}\n`,
  );
}
const { PerformanceObserver, constants } = require("node:perf_hooks");
const majors = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      majors.push(`${(entry.startTime / 1000).toFixed(1)}s/${entry.duration.toFixed(1)}ms`);
}).observe({ entryTypes: ["gc"] });
// RSS_PROBE_DEOPT=<file>: V8 traces every deoptimization to <file>; each line counts its bailouts
// and the optimized code marked for deoptimization (a map it depends on died or changed) so far.
const deoptFile = process.env.RSS_PROBE_DEOPT;
if (deoptFile)
  v8.setFlagsFromString(
    `--trace-deopt --redirect-code-traces --redirect-code-traces-to=${deoptFile}`,
  );
const deopts = () => {
  try {
    const lines = readFileSync(deoptFile, "utf8").split("\n");
    const count = (start) => lines.filter((line) => line.startsWith(start)).length;
    return { bailouts: count("[bailout"), marked: count("[marking dependent code") };
  } catch {
    return 0;
  }
};
const every = Number(process.env.RSS_PROBE_EVERY ?? 0);
if (every > 0 && process.argv.some((arg) => arg.endsWith("plain.yaml")))
  setInterval(() => record("tick"), every).unref();
process.on("SIGUSR2", () => {
  n += 1;
  record(`signal ${n}`);
  if (gcAt.includes(n)) {
    fullGc();
    record(`signal ${n} after full GC`);
  }
  if (snapshotAt.includes(n)) {
    v8.writeHeapSnapshot(`${out}.${n}.heapsnapshot`);
    record(`signal ${n} after snapshot`);
  }
});
