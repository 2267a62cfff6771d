// The gateway's memory before and after the bench's gateway loads, for one build.
// usage: node scripts/rss-heap-diff.mjs <root> <out prefix> [seconds per run=10] [idle s=12]
// Starts the fake upstream and one gateway (PGlite) of <root> with scripts/rss-probe.cjs
// preloaded, signals it 3 s after start, runs the loads the bench's plain gateway gets (1 s warm
// up short/long; 3 rounds flat out short/long; 3 rounds of 1,000 req/s short/long; 3 rounds of
// 200 req/s long), then signals it again after the idle time. RSS_PROBE_GC / RSS_PROBE_SNAPSHOT
// (see rss-probe.cjs) pick the signals after which the probe collects / writes
// <out prefix>.jsonl.<n>.heapsnapshot. RSS_NEXT_LOAD=1 then runs one more load (1,000 req/s short
// and long) and signals a third time; with RSS_PROBE_DEOPT=<file> each line counts the
// deoptimizations so far.
// Run under `flock /work/bench.lock`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const [root, prefix, secondsArg = "10", idleArg = "12"] = process.argv.slice(2);
const seconds = Number(secondsArg);
const P = await import(`${root}/dist/cli/bench/processes.js`);
const GP = await import(`${root}/dist/cli/bench/gateway-processes.js`);
const { runFixedRate } = await import(`${root}/dist/cli/bench/fixed-rate.js`);
const { runLoad } = await import(`${root}/dist/cli/bench/load.js`);
const { generateChunks } = await import(`${root}/dist/cli/bench/corpus.js`);
const probe = fileURLToPath(new URL("./rss-probe.cjs", import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const chat = (content) =>
  JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });
const short = [chat("hello")];
const long = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
const headers = { authorization: `Bearer ${GP.benchMasterKey}` };

const dir = await mkdtemp(join(tmpdir(), "rss-heap-diff-"));
const upstream = await GP.startFakeUpstream();
process.env.NODE_OPTIONS = `--require ${probe}`;
process.env.RSS_PROBE_OUT = `${prefix}.jsonl`;
const gw = await GP.startGateway({ dir, name: "plain", upstream: upstream.url });
delete process.env.NODE_OPTIONS;
const pid = gw.child.pid;
const url = `${gw.url}/v1/chat/completions`;
const rss = () => P.memoryMiB(pid).rss.toFixed(1);
await sleep(3000);
console.log(`start rss ${rss()}`);
process.kill(pid, "SIGUSR2");
await sleep(3000);
console.log(`start after probe rss ${rss()}`);
const c0 = P.cpuSeconds(pid);
for (const bodies of [short, long])
  await runLoad({ url, headers, bodies, connections: 50, durationSeconds: 1 });
for (let r = 0; r < 3; r++)
  for (const bodies of [short, long])
    await runLoad({ url, headers, bodies, connections: 50, durationSeconds: seconds });
console.log(`after flat out rss ${rss()}`);
for (let r = 0; r < 3; r++)
  for (const bodies of [short, long]) {
    const res = await runFixedRate({ url, headers, bodies, rate: 1000, durationSeconds: seconds });
    console.log(
      `1000 req/s ${bodies === short ? "short" : "long"} p50 ${res.p50Ms.toFixed(2)} p99 ${res.p99Ms.toFixed(2)}`,
    );
  }
for (let r = 0; r < 3; r++)
  await runFixedRate({ url, headers, bodies: long, rate: 200, durationSeconds: seconds });
console.log(`after load rss ${rss()} cpu ${(P.cpuSeconds(pid) - c0).toFixed(1)} s`);
await sleep(Number(idleArg) * 1000);
console.log(`after idle rss ${rss()}`);
process.kill(pid, "SIGUSR2");
await sleep(8000);
console.log(`after probe rss ${rss()}`);
if (process.env.RSS_NEXT_LOAD) {
  // The next load after the quiet spell: what an idle collection costs it (CPU, latency).
  const c1 = P.cpuSeconds(pid);
  for (const bodies of [short, long]) {
    const res = await runFixedRate({ url, headers, bodies, rate: 1000, durationSeconds: seconds });
    console.log(
      `next 1000 req/s ${bodies === short ? "short" : "long"} p50 ${res.p50Ms.toFixed(2)} p99 ${res.p99Ms.toFixed(2)}`,
    );
  }
  console.log(`next load cpu ${(P.cpuSeconds(pid) - c1).toFixed(2)} s`);
  process.kill(pid, "SIGUSR2");
  await sleep(1000);
}
await gw.stop();
await upstream.stop();
await rm(dir, { recursive: true, force: true });
