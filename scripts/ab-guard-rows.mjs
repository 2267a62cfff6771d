// Usage: node scripts/ab-guard-rows.mjs <old repo root> <new repo root> [rounds=4] [seconds=10]
// (each root built: dist/ present). To A/B a config default such as app.scan_inline, build a
// worktree with the default flipped and pass it as the second root.
// The gateway bench's guard rows, interleaved: one upstream, one plain gateway, and one guarded
// gateway per guard API build (old, new), all started by the bench's own code (old build's
// modules for everything but each guard API, which runs from its own build). Rounds alternate
// the order of old and new. Prints the added p50/p95/p99 (guarded minus plain) per rate.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [oldRoot, newRoot, roundsArg, secondsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 4);
const seconds = Number(secondsArg ?? 10);
const bench = (root, file) => import(`${root}/dist/cli/bench/${file}`);
const gp = await bench(oldRoot, "gateway-processes.js");
const { generateChunks } = await bench(oldRoot, "corpus.js");
const { runFixedRate } = await bench(oldRoot, "fixed-rate.js");
const { cpuSeconds } = await bench(oldRoot, "processes.js");
const startGuardOld = (await bench(oldRoot, "gateway-processes.js")).startGuardApi;
const startGuardNew = (await bench(newRoot, "gateway-processes.js")).startGuardApi;
const dir = await mkdtemp(join(tmpdir(), "guardinline-rows-"));
const started = [];
const start = async (p) => {
  const s = await p;
  started.push(s);
  return s;
};
try {
  const upstream = await start(gp.startFakeUpstream());
  const guardOld = await start(startGuardOld(dir));
  const guardNew = await start(startGuardNew(dir));
  const plain = await start(gp.startGateway({ dir, name: "plain", upstream: upstream.url }));
  const gOld = await start(
    gp.startGateway({ dir, name: "gold", upstream: upstream.url, guardUrl: guardOld.url }),
  );
  const gNew = await start(
    gp.startGateway({ dir, name: "gnew", upstream: upstream.url, guardUrl: guardNew.url }),
  );
  const chat = (content) =>
    JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });
  const bodies = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
  const headers = { authorization: `Bearer ${gp.benchMasterKey}` };
  const targets = { plain, old: gOld, new: gNew };
  const guards = { old: guardOld, new: guardNew };
  const results = {};
  const run = async (name, rate, secs) => {
    const guard = guards[name];
    const before = guard ? cpuSeconds(guard.child.pid) : 0;
    const r = await runFixedRate({
      url: `${targets[name].url}/v1/chat/completions`,
      headers,
      bodies,
      rate,
      durationSeconds: secs,
    });
    const guardCpuMs = guard ? ((cpuSeconds(guard.child.pid) - before) * 1000) / r.completed : 0;
    return { ...r, guardCpuMs };
  };
  for (const name of ["plain", "old", "new"]) await run(name, 200, 2); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["plain", "old", "new"] : ["plain", "new", "old"];
    for (const rate of [200, 1000]) {
      for (const name of order) {
        const r = await run(name, rate, seconds);
        const key = `${rate}:${name}`;
        results[key] = [...(results[key] ?? []), r];
        console.log(
          JSON.stringify({
            round,
            rate,
            name,
            p50: +r.p50Ms.toFixed(3),
            p95: +r.p95Ms.toFixed(3),
            p99: +r.p99Ms.toFixed(3),
            missed: r.missed,
            guardCpuMs: +r.guardCpuMs.toFixed(3),
          }),
        );
      }
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  for (const rate of [200, 1000]) {
    for (const name of ["old", "new"]) {
      const added = (k) =>
        results[`${rate}:${name}`].map((r, i) => r[k] - results[`${rate}:plain`][i][k]);
      const fmt = (xs) =>
        `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
      console.log(
        `${rate} rps ${name}: added p50 ${fmt(added("p50Ms"))}, p95 ${fmt(added("p95Ms"))}, p99 ${fmt(added("p99Ms"))}; guard API CPU ms/req ${fmt(results[`${rate}:${name}`].map((r) => r.guardCpuMs))}`,
      );
    }
  }
} finally {
  await Promise.all(started.map((s) => s.stop()));
  await rm(dir, { recursive: true, force: true });
}
