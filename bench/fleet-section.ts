// Fleet table (issue 26, item 8): 1 and 3 gateway replicas with Redis limits on, throughput, the
// latency the gateway adds over calling the provider directly, its CPU per request, and the
// revocation delay between replicas. In `npm run bench -- --only fleet`, or standalone:
// node --import tsx bench/fleet-section.ts [--seconds 5] [--connections 16]
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
import { cpuSeconds } from "./processes.js";
import type { BenchSection } from "./section.js";
import { renderTable } from "./table.js";

const masterKey = "sk-master-bench-fleet-000000";

/** One row of the fleet table. */
export interface FleetRow {
  readonly setup: string;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** p50 minus the p50 of the same load sent to the fake provider directly. */
  readonly addedP50Ms: number;
  /** CPU time of all gateway processes per answered call (ms); unlike latency, load-proof. */
  readonly cpuMsPerCall: number;
}

export interface FleetSectionResult {
  readonly rows: FleetRow[];
  /** The same load sent to the fake provider directly. */
  readonly direct: { reqPerSec: number; p50Ms: number; p99Ms: number };
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
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const payload = JSON.stringify({
    model: "gpt-bench",
    messages: [{ role: "user", content: "hi" }],
  });
  let next = 0;
  async function caller() {
    while (performance.now() < until) {
      const target = urls[next++ % urls.length] as string;
      const started = performance.now();
      const response = await fetch(`${target}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: payload,
      });
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - started);
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: connections }, caller));
  const sorted = times.sort((a, b) => a - b);
  return {
    answered: times.length,
    failed,
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
export async function runFleetSection(options: {
  seconds: number;
  connections: number;
  trials: number;
}): Promise<FleetSectionResult> {
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
    // The same closed loop sent to the fake provider itself: what the gateway's figures add to.
    await load([upstream.url], plain, 1, options.connections);
    const direct = await load([upstream.url], plain, options.seconds, options.connections);
    const run = async (setup: string, targets: string[], key: string) => {
      await load(targets, key, 1, options.connections); // warm-up
      const cpuBefore = gateways.reduce((sum, g) => sum + cpuSeconds(g.pid), 0);
      const result = await load(targets, key, options.seconds, options.connections);
      const cpuMs = (gateways.reduce((sum, g) => sum + cpuSeconds(g.pid), 0) - cpuBefore) * 1000;
      if (result.failed > 0) throw new Error(`${setup}: ${result.failed} calls not answered 200`);
      rows.push({
        setup,
        reqPerSec: result.reqPerSec,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        addedP50Ms: result.p50Ms - direct.p50Ms,
        cpuMsPerCall: cpuMs / result.answered,
      });
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
    for (let trial = 0; trial < options.trials; trial++)
      revocationMs.push(await revocationDelay(all[0]!, all[1 + (trial % 2)]!));
    return {
      rows,
      direct: { reqPerSec: direct.reqPerSec, p50Ms: direct.p50Ms, p99Ms: direct.p99Ms },
      revocationMs,
    } satisfies FleetSectionResult;
  } finally {
    await Promise.allSettled(gateways.map((g) => g.stop()));
    upstream.server.close();
    await rm(dir, { recursive: true, force: true });
    await postgres.dispose();
    await redis.dispose();
  }
}

const ms = (value: number) => value.toFixed(2);

/** The revocation line under the table. */
function revocationNote(revocationMs: readonly number[]): string {
  const sorted = [...revocationMs].sort((a, b) => a - b);
  const goal = (sorted.at(-1) ?? Number.POSITIVE_INFINITY) <= 1000 ? "met" : "NOT met";
  return (
    `Revocation through one replica until another refuses the key: median ${ms(percentile(sorted, 50))} ms, ` +
    `max ${ms(sorted.at(-1) ?? Number.NaN)} ms over ${sorted.length} trials (key_cache_ttl 120 s, so only Redis pub/sub can explain a delay under 1 s). Goal ≤ 1 s: ${goal}.`
  );
}

const header = ["fleet setup", "req/s", "p50 ms", "p99 ms", "added p50 ms", "gateway CPU ms/call"];

function tableRows(result: FleetSectionResult): string[][] {
  return [
    [
      "fake provider called directly",
      result.direct.reqPerSec.toFixed(0),
      ms(result.direct.p50Ms),
      ms(result.direct.p99Ms),
      "—",
      "—",
    ],
    ...result.rows.map((r) => [
      r.setup,
      r.reqPerSec.toFixed(0),
      ms(r.p50Ms),
      ms(r.p99Ms),
      ms(r.addedP50Ms),
      ms(r.cpuMsPerCall),
    ]),
  ];
}

const connections = 16;

/** The fleet section of `npm run bench` (`--only fleet`). */
export const fleetSection: BenchSection = {
  name: "fleet",
  title: `Fleet — gateways on PostgreSQL + Redis, chat to a fake provider, ${connections} callers round-robin`,
  async run({ quick }) {
    const result = await runFleetSection({
      seconds: quick ? 2 : 10,
      connections,
      trials: quick ? 3 : 10,
    });
    return {
      figures: result,
      header,
      rows: tableRows(result),
      notes: [
        "Closed loop: each caller sends its next call when the last is answered; every process (gateways, fake provider, load generator) shares the machine's cores, so 3 replicas on one host measure the shared-state cost, not scale-out.",
        "Added p50 = p50 − the p50 of the same load sent to the fake provider directly. CPU ms/call sums the gateway processes' user+system time (/proc) over answered calls, so it holds under host load where latency does not.",
        "Limited key: rpm_limit and tpm_limit set high enough never to refuse, so every call pays the Redis round trips (reserve before, tokens after).",
        revocationNote(result.revocationMs),
      ],
    };
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "5" },
      connections: { type: "string", default: String(connections) },
    },
  });
  const result = await runFleetSection({
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    trials: 5,
  });
  const table = renderTable(header, tableRows(result));
  process.stdout.write(`${table}\n\n${revocationNote(result.revocationMs)}\n`);
}
