// Fleet table (issue 26, item 8): 1 and 3 gateway replicas with Redis limits on, throughput and
// the latency Redis limits add, and the revocation delay between replicas.
// Standalone: node --import tsx bench/fleet-section.ts [--seconds 5] [--connections 16]
// Needs the machine's PostgreSQL and Redis (DATABASE_URL / REDIS_URL to point elsewhere).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { createTestPostgres, createTestRedis } from "../test/fleet/fleet-services.js";
import { type RagguardProcess, startRagguard } from "../test/helpers/ragguard-process.js";

const masterKey = "sk-master-bench-fleet-000000";

/** One row of the fleet table. */
export interface FleetRow {
  readonly setup: string;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface FleetSectionResult {
  readonly rows: FleetRow[];
  /** Revocation through one replica until another refuses the key (ms), per trial. */
  readonly revocationMs: number[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function startUpstream() {
  const body = JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 0,
    model: "gpt-bench",
    choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
    usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Closed-loop load: `connections` callers, each sending the next call when one is answered. */
async function load(urls: readonly string[], key: string, seconds: number, connections: number) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const payload = JSON.stringify({
    model: "gpt-bench",
    messages: [{ role: "user", content: "hi" }],
  });
  let next = 0;
  async function caller() {
    while (performance.now() < until) {
      const url = urls[next++ % urls.length] as string;
      const started = performance.now();
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: payload,
      });
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - started);
    }
  }
  await Promise.all(Array.from({ length: connections }, caller));
  const sorted = times.sort((a, b) => a - b);
  return {
    reqPerSec: times.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

async function api(via: string, path: string, body?: unknown, key = masterKey) {
  const response = await fetch(`${via}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function revocationDelay(a: string, b: string): Promise<number> {
  const { json } = await api(a, "/key/generate", {});
  const key = String(json.key);
  if ((await api(b, "/v1/models", undefined, key)).status !== 200)
    throw new Error("warm-up failed");
  await api(a, "/key/delete", { keys: [key] });
  const started = performance.now();
  while ((await api(b, "/v1/models", undefined, key)).status !== 401) {
    if (performance.now() - started > 30_000) throw new Error("revocation not seen within 30 s");
  }
  return performance.now() - started;
}

/** Measure the fleet table; every process and database it starts is removed before it returns. */
export async function runFleetSection(options: { seconds: number; connections: number }) {
  const postgres = await createTestPostgres();
  const redis = await createTestRedis();
  if (typeof postgres === "string" || typeof redis === "string") {
    throw new Error(`fleet bench needs PostgreSQL and Redis: ${[postgres, redis].join("; ")}`);
  }
  const upstream = await startUpstream();
  const dir = await mkdtemp(join(tmpdir(), "ragguard-bench-fleet-"));
  const gateways: RagguardProcess[] = [];
  try {
    const config = join(dir, "gateway.yaml");
    await writeFile(
      config,
      stringify({
        model_list: [
          {
            model_name: "gpt-bench",
            gateway_params: {
              model: "openai/gpt-bench",
              api_key: "sk-up",
              api_base: `${upstream.url}/v1`,
            },
          },
        ],
        general_settings: {
          master_key: masterKey,
          database_url: postgres.url,
          redis_url: redis.url,
          redis_key_prefix: redis.prefix,
          key_cache_ttl: 120,
        },
      }),
    );
    const args = ["--config", config, "--log-level", "warn"];
    gateways.push(
      await startRagguard("gateway", args, "/health/readiness", { timeoutMs: 240_000 }),
    );
    const urls = gateways.map((g) => g.url);
    const plain = String((await api(urls[0]!, "/key/generate", {})).json.key);
    const limited = String(
      (await api(urls[0]!, "/key/generate", { rpm_limit: 100_000_000, tpm_limit: 1_000_000_000 }))
        .json.key,
    );
    const rows: FleetRow[] = [];
    const run = async (setup: string, targets: string[], key: string) => {
      await load(targets, key, 1, options.connections); // warm-up
      rows.push({ setup, ...(await load(targets, key, options.seconds, options.connections)) });
    };
    await run("1 replica, key without limits", urls, plain);
    await run("1 replica, Redis rpm+tpm limits", urls, limited);
    gateways.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          startRagguard("gateway", args, "/health/readiness", { timeoutMs: 240_000 }),
        ),
      )),
    );
    const all = gateways.map((g) => g.url);
    await run("3 replicas, key without limits", all, plain);
    await run("3 replicas, Redis rpm+tpm limits", all, limited);
    const revocationMs: number[] = [];
    for (let trial = 0; trial < 5; trial++)
      revocationMs.push(await revocationDelay(all[0]!, all[1 + (trial % 2)]!));
    return { rows, revocationMs } satisfies FleetSectionResult;
  } finally {
    await Promise.allSettled(gateways.map((g) => g.stop()));
    upstream.server.close();
    await rm(dir, { recursive: true, force: true });
    await postgres.dispose();
    await redis.dispose();
  }
}

/** The section as text lines (markdown table). */
export function formatFleetSection(result: FleetSectionResult): string[] {
  const ms = (value: number) => value.toFixed(2);
  const sorted = [...result.revocationMs].sort((a, b) => a - b);
  return [
    "| fleet setup | req/s | p50 ms | p99 ms |",
    "|---|---:|---:|---:|",
    ...result.rows.map(
      (r) => `| ${r.setup} | ${r.reqPerSec.toFixed(0)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} |`,
    ),
    "",
    `Revocation through one replica until another refuses the key: median ${ms(percentile(sorted, 50))} ms, ` +
      `max ${ms(sorted.at(-1) ?? Number.NaN)} ms over ${sorted.length} trials (key_cache_ttl 120 s).`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "5" },
      connections: { type: "string", default: "16" },
    },
  });
  const result = await runFleetSection({
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
  process.stdout.write(`${formatFleetSection(result).join("\n")}\n`);
}
