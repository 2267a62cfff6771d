import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anchors } from "./anchors.js";
import { generateChunks } from "./corpus.js";
import { type LoadResult, runLoad } from "./load.js";
import { freePort, memoryMiB, ragguardBin, type ServerProcess, startServer } from "./processes.js";
import type { BenchSection } from "./section.js";
import { formatSpread, spread } from "./stats.js";

const masterKey = "sk-bench-master-0123456789";
const answer = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});

async function startUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(answer);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

async function startGateway(dir: string, name: string, upstream: string, guardUrl?: string) {
  const config = join(dir, `${name}.yaml`);
  const callbacks = guardUrl ? "gateway_settings: { callbacks: [guard_moderations] }\n" : "";
  await writeFile(
    config,
    `model_list:\n  - model_name: gpt-4o\n    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: ${upstream}/v1 }\n` +
      `${callbacks}general_settings: { master_key: ${masterKey}, database_url: "pglite://${join(dir, `${name}-db`)}" }\n`,
  );
  const port = await freePort();
  const args = [
    "gateway",
    "--config",
    config,
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--log-level",
    "warn",
  ];
  const env = guardUrl ? { GUARD_API_BASE: guardUrl } : {};
  return startServer(ragguardBin, args, `http://127.0.0.1:${port}`, "/health/liveliness", env);
}

/** Start the guard API (default scanners) as a child process on a free port. */
export async function startGuardApi(dir: string): Promise<ServerProcess> {
  const config = join(dir, "guard-api.yaml");
  await writeFile(config, "app:\n  log_level: warn\n");
  const port = await freePort();
  const args = ["guard-api", "--config", config, "--host", "127.0.0.1", "--port", String(port)];
  return startServer(ragguardBin, args, `http://127.0.0.1:${port}`, "/readyz");
}

const chat = (content: string) =>
  JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });
const variants = ["direct", "gateway", "gateway 1000-char", "gateway+guard 1000-char"] as const;
type Variant = (typeof variants)[number];

/** Section 3: the gateway's added latency, guard off and on, against a direct call. */
export const gatewaySection: BenchSection = {
  name: "gateway",
  title: "Gateway overhead — fake upstream on loopback, 50 connections (median of rounds)",
  async run({ quick }) {
    const durationSeconds = quick ? 3 : 10;
    const rounds = quick ? 1 : 3;
    const dir = await mkdtemp(join(tmpdir(), "ragguard-bench-gateway-"));
    const upstream = await startUpstream();
    const guard = await startGuardApi(dir);
    const plain = await startGateway(dir, "plain", upstream.url);
    const guarded = await startGateway(dir, "guarded", upstream.url, guard.url);
    try {
      const auth = { authorization: `Bearer ${masterKey}` };
      const short = [chat("hello")];
      const long = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
      const targets: Record<
        Variant,
        { url: string; headers?: Record<string, string>; bodies: string[] }
      > = {
        direct: { url: `${upstream.url}/v1/chat/completions`, bodies: short },
        gateway: { url: `${plain.url}/v1/chat/completions`, headers: auth, bodies: short },
        "gateway 1000-char": {
          url: `${plain.url}/v1/chat/completions`,
          headers: auth,
          bodies: long,
        },
        "gateway+guard 1000-char": {
          url: `${guarded.url}/v1/chat/completions`,
          headers: auth,
          bodies: long,
        },
      };
      const load = (variant: Variant, seconds: number) =>
        runLoad({ ...targets[variant], connections: 50, durationSeconds: seconds });
      for (const variant of variants) await load(variant, 1); // warm-up
      const rest = {
        gateway: memoryMiB(plain.child.pid ?? 0).rss,
        guardApi: memoryMiB(guard.child.pid ?? 0).rss,
      };
      const results = new Map<Variant, LoadResult[]>(variants.map((variant) => [variant, []]));
      for (let round = 0; round < rounds; round++) {
        for (const variant of variants)
          results.get(variant)!.push(await load(variant, durationSeconds));
      }
      const after = {
        gateway: memoryMiB(plain.child.pid ?? 0).rss,
        guardApi: memoryMiB(guard.child.pid ?? 0).rss,
      };
      return summarise(results, rest, after, rounds, durationSeconds);
    } finally {
      await Promise.all([plain.stop(), guarded.stop(), guard.stop()]);
      upstream.server.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

function summarise(
  results: Map<Variant, LoadResult[]>,
  rest: { gateway: number; guardApi: number },
  after: { gateway: number; guardApi: number },
  rounds: number,
  durationSeconds: number,
) {
  const runs = (variant: Variant) => results.get(variant)!;
  const added = (a: Variant, b: Variant, pick: (r: LoadResult) => number) =>
    spread(runs(a).map((result, i) => pick(result) - pick(runs(b)[i]!)));
  const ratio = spread(runs("gateway").map((r, i) => r.reqPerSec / runs("direct")[i]!.reqPerSec));
  const figures = {
    rounds,
    durationSeconds,
    connections: 50,
    variants: Object.fromEntries(
      variants.map((variant) => [
        variant,
        {
          p50Ms: spread(runs(variant).map((r) => r.p50Ms)),
          p99Ms: spread(runs(variant).map((r) => r.p99Ms)),
          reqPerSec: spread(runs(variant).map((r) => r.reqPerSec)),
          non2xx: runs(variant).reduce((sum, r) => sum + r.non2xx, 0),
          errors: runs(variant).reduce((sum, r) => sum + r.errors, 0),
        },
      ]),
    ),
    addedP50Ms: added("gateway", "direct", (r) => r.p50Ms),
    addedP99Ms: added("gateway", "direct", (r) => r.p99Ms),
    throughputRatio: ratio,
    guardAddedP50Ms: added("gateway+guard 1000-char", "gateway 1000-char", (r) => r.p50Ms),
    memoryMiB: { atRest: rest, afterLoad: after },
  };
  const rows = variants.map((variant) => {
    const entry = figures.variants[variant]!;
    return [
      variant,
      formatSpread(entry.p50Ms),
      formatSpread(entry.p99Ms),
      formatSpread(entry.reqPerSec, 0),
      String(entry.non2xx + entry.errors),
    ];
  });
  const { liteLLM } = anchors;
  return {
    figures,
    header: ["target", "p50 ms", "p99 ms", "req/s", "non-2xx+errors"],
    rows,
    notes: [
      `Added by the gateway (guard off): p50 ${formatSpread(figures.addedP50Ms)} ms (goal <= 0.5), p99 ${formatSpread(figures.addedP99Ms)} ms (goal <= 3), throughput ${formatSpread(ratio)} of direct (goal >= 0.85).`,
      `Added by guard_moderations (1000-char prompts): p50 ${formatSpread(figures.guardAddedP50Ms)} ms (goal <= 2).`,
      `RSS MiB at rest / after load: gateway ${rest.gateway.toFixed(0)} / ${after.gateway.toFixed(0)} (goal <= 120), guard API ${rest.guardApi.toFixed(0)} / ${after.guardApi.toFixed(0)} (goal <= 300; workers included).`,
      `Anchor (${liteLLM.source}): ${liteLLM.addedLatencyMedianMs} ms median added latency, ${liteLLM.addedLatencyP95Ms} ms p95 at ${liteLLM.atRps} RPS.`,
      `${rounds} round(s) x ${durationSeconds} s per target, interleaved; median of rounds (min–max).`,
    ],
  };
}
