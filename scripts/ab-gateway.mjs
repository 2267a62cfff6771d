// A/B of gateway builds: RSS at start / after load and added p50/p99 at 1,000 req/s, interleaved.
// usage: node scripts/ab-gateway.mjs <benchRoot> <sessions> <label=root> <label=root> ...
// Each root is a built checkout (e.g. `git worktree add /tmp/old <commit>`, node_modules symlinked,
// `npx tsc -p tsconfig.build.json`); <benchRoot> supplies the bench's load tools. Per session: one
// gateway per build on its own PGlite (start order alternates), 2 rounds of 5 s flat out, then 4
// rounds of 10 s at 1,000 req/s (direct first, the builds in ABBA order; added = gateway - direct
// of that round), RSS read 1 s and 8 s after the load. PROBE=<file.cjs> preloads a probe into
// the gateways (SIGUSR2 after the load). Run under `flock /work/bench.lock` on a quiet machine.

import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [benchRoot, sessionsArg, ...specs] = process.argv.slice(2);
const variants = specs.map((s) => {
  const [label, root] = s.split("=");
  return { label, root };
});
const P = await import(`${benchRoot}/dist/cli/bench/processes.js`);
const GP = await import(`${benchRoot}/dist/cli/bench/gateway-processes.js`);
const { runFixedRate } = await import(`${benchRoot}/dist/cli/bench/fixed-rate.js`);
const { runLoad } = await import(`${benchRoot}/dist/cli/bench/load.js`);
const { generateChunks } = await import(`${benchRoot}/dist/cli/bench/corpus.js`);
const env = process.env.PROBE ? { NODE_OPTIONS: `--require ${process.env.PROBE}` } : {};
const key = GP.benchMasterKey;
const chat = (content) =>
  JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });
const short = [chat("hello")];
const long = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
const auth = { authorization: `Bearer ${key}` };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const upstream = await GP.startFakeUpstream();
const dir = await mkdtemp(join(tmpdir(), "rss-ab-"));
const cpu = (pid) => P.cpuSeconds(pid);
async function startGw(v, name) {
  const config = join(dir, `${name}.yaml`);
  await writeFile(
    config,
    `model_list:\n  - model_name: gpt-4o\n    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: ${upstream.url}/v1 }\n` +
      `general_settings: { master_key: ${key}, database_url: "pglite://${join(dir, `${name}-db`)}" }\n`,
  );
  const port = await P.freePort();
  return P.startServer(
    `${v.root}/bin/ragguard.js`,
    [
      "gateway",
      "--config",
      config,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--log-level",
      "warn",
    ],
    `http://127.0.0.1:${port}`,
    "/health/liveliness",
    env,
  );
}
const sessions = Number(sessionsArg);
const rows = [];
const f = (x) => x.toFixed(2);
for (let s = 0; s < sessions; s++) {
  const order = s % 2 === 0 ? variants : [...variants].reverse();
  const gws = [];
  for (const v of order) gws.push({ v, gw: await startGw(v, `${v.label}-${s}`) });
  await sleep(2000);
  for (const g of gws) {
    g.start = P.memoryMiB(g.gw.child.pid).rss;
    g.cpu0 = cpu(g.gw.child.pid);
    g.lat = [];
    g.calls = 0;
  }
  const url = (g) => `${g.gw.url}/v1/chat/completions`;
  for (const g of gws) {
    await runLoad({
      url: url(g),
      headers: auth,
      bodies: short,
      connections: 50,
      durationSeconds: 1,
    });
  }
  for (let r = 0; r < 2; r++) {
    const o = r % 2 === 0 ? gws : [...gws].reverse();
    for (const g of o) {
      for (const bodies of [short, long])
        await runLoad({ url: url(g), headers: auth, bodies, connections: 50, durationSeconds: 5 });
    }
  }
  for (const g of gws) g.cpuSat = cpu(g.gw.child.pid);
  for (let r = 0; r < 4; r++) {
    const o = r % 2 === 0 ? gws : [...gws].reverse();
    const direct = await runFixedRate({
      url: `${upstream.url}/v1/chat/completions`,
      bodies: short,
      rate: 1000,
      durationSeconds: 10,
    });
    for (const g of o) {
      const c0 = cpu(g.gw.child.pid);
      const res = await runFixedRate({
        url: url(g),
        headers: auth,
        bodies: short,
        rate: 1000,
        durationSeconds: 10,
      });
      const cms = ((cpu(g.gw.child.pid) - c0) * 1000) / res.completed;
      g.lat.push({
        p50: res.p50Ms - direct.p50Ms,
        p99: res.p99Ms - direct.p99Ms,
        cms,
        missed: res.missed + res.non2xx + res.errors,
      });
      console.log(
        `s${s} r${r} ${g.v.label}: added p50 ${f(res.p50Ms - direct.p50Ms)} p99 ${f(res.p99Ms - direct.p99Ms)} (direct ${f(direct.p50Ms)}/${f(direct.p99Ms)}) cpu ${f(cms)} ms/call bad ${res.missed + res.non2xx + res.errors} load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
      );
    }
  }
  await sleep(1000);
  for (const g of gws) g.after1 = P.memoryMiB(g.gw.child.pid).rss;
  await sleep(7000);
  for (const g of gws) {
    g.after = P.memoryMiB(g.gw.child.pid).rss;
    if (process.env.PROBE) {
      process.kill(g.gw.child.pid, "SIGUSR2");
    }
  }
  await sleep(1500);
  for (const g of gws) {
    console.log(
      `s${s} ${g.v.label}: RSS start ${f(g.start)} after+1s ${f(g.after1)} after+8s ${f(g.after)} MiB`,
    );
    rows.push({
      label: g.v.label,
      s,
      start: g.start,
      after: g.after,
      after1: g.after1,
      lat: g.lat,
    });
    await g.gw.stop();
  }
}
await upstream.stop();
await rm(dir, { recursive: true, force: true });
const med = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};
for (const v of variants) {
  const rs = rows.filter((r) => r.label === v.label);
  const lat = rs.flatMap((r) => r.lat);
  console.log(
    `${v.label}: RSS start ${rs.map((r) => f(r.start)).join(" ")} | after+1s ${rs.map((r) => f(r.after1)).join(" ")} | after+8s ${rs.map((r) => f(r.after)).join(" ")} | added p50 median ${f(med(lat.map((l) => l.p50)))} [${lat.map((l) => f(l.p50)).join(" ")}] | added p99 median ${f(med(lat.map((l) => l.p99)))} [${lat.map((l) => f(l.p99)).join(" ")}] | cpu ms/call median ${f(med(lat.map((l) => l.cms)))}`,
  );
}
