// Three gateways and two guard APIs as processes on loopback, over the machine's PostgreSQL and
// Redis (a database and a key prefix of their own, removed after): issue 26, item 6.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import {
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from "../gateway/helpers/fake-upstream.js";
import { chatCompletion } from "../gateway/helpers/openai-upstream.js";
import { type RagguardProcess, startRagguard } from "../helpers/ragguard-process.js";
import {
  createTestPostgres,
  createTestRedis,
  type TestPostgres,
  type TestRedis,
} from "./fleet-services.js";

const masterKey = "sk-master-fleet-0123456789";
// Generous: CI machines that start five node processes at once can be slow.
const start = { timeoutMs: 240_000, nodeArgs: ["--max-old-space-size=160"] };
// Usage of every fake answer: 7 prompt + 3 completion tokens; cost 7 × 0.001 + 3 × 0.002 = 0.013.
const callCost = 0.013;

let postgres: TestPostgres | undefined;
let redis: TestRedis | undefined;
let skipReason: string | undefined;
let upstream: FakeUpstream;
let guards: RagguardProcess[] = [];
let gateways: RagguardProcess[] = [];
let dir: string;

async function setUp(): Promise<void> {
  const pgOrReason = await createTestPostgres();
  const redisOrReason = await createTestRedis();
  if (typeof pgOrReason === "string" || typeof redisOrReason === "string") {
    skipReason = [pgOrReason, redisOrReason].filter((r) => typeof r === "string").join("; ");
    if (typeof pgOrReason !== "string") await pgOrReason.dispose();
    if (typeof redisOrReason !== "string") await redisOrReason.dispose();
    return;
  }
  postgres = pgOrReason;
  redis = redisOrReason;
  upstream = await startFakeUpstream((request, res) =>
    sendJson(res, 200, chatCompletion(String(request.json().model), "fleet answer")),
  );
  dir = await mkdtemp(join(tmpdir(), "ragguard-fleet-"));
  // A light scanner set: the test is about the fleet, not about detection.
  const guardConfig = join(dir, "guard-api.yaml");
  await writeFile(
    guardConfig,
    "app:\n  log_level: warn\n  scan_threads: 1\n" + "input_scanners:\n  - type: InvisibleText\n",
  );
  guards = await Promise.all(
    [0, 1].map(() => startRagguard("guard-api", ["--config", guardConfig], "/readyz", start)),
  );
  const config = join(dir, "gateway.yaml");
  await writeFile(
    config,
    stringify({
      model_list: [
        {
          model_name: "gpt-fleet",
          gateway_params: {
            model: "openai/gpt-fleet",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
          model_info: { input_cost_per_token: 0.001, output_cost_per_token: 0.002 },
        },
      ],
      gateway_settings: {
        callbacks: ["guard_moderations"],
        guard_api_base: guards.map((guard) => guard.url).join(","),
      },
      general_settings: {
        master_key: masterKey,
        database_url: "os.environ/FLEET_DATABASE_URL",
        redis_url: "os.environ/FLEET_REDIS_URL",
        redis_key_prefix: redis.prefix,
        // Long enough that only the shared channel can explain a fast revocation.
        key_cache_ttl: 120,
        spend_flush_interval: 0.2,
      },
    }),
  );
  const env = { FLEET_DATABASE_URL: postgres.url, FLEET_REDIS_URL: redis.url };
  // The first one migrates; the others then start in parallel.
  const first = await startRagguard(
    "gateway",
    ["--config", config, "--log-level", "warn"],
    "/health/readiness",
    {
      env,
      timeoutMs: 120_000,
    },
  );
  const rest = await Promise.all(
    [0, 1].map(() =>
      startRagguard("gateway", ["--config", config, "--log-level", "warn"], "/health/readiness", {
        env,
        timeoutMs: 120_000,
      }),
    ),
  );
  gateways = [first, ...rest];
}

beforeAll(setUp, 600_000);

afterAll(async () => {
  await Promise.all([...gateways, ...guards].map((server) => server.stop()));
  await upstream?.close();
  await postgres?.dispose();
  await redis?.dispose();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}, 60_000);

async function generateKey(
  via: RagguardProcess,
  body: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${via.url}/key/generate`, {
    method: "POST",
    headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

function chat(via: RagguardProcess, key: string, text = "What is the capital of France?") {
  return fetch(`${via.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-fleet", messages: [{ role: "user", content: text }] }),
  });
}

async function master(via: RagguardProcess, path: string, body?: unknown): Promise<Response> {
  return fetch(`${via.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Poll `check` until it is true or `limitMs` passed; the time it took, or undefined. */
async function waitUntil(
  check: () => Promise<boolean>,
  limitMs: number,
): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe("a fleet of three gateways and two guard APIs", () => {
  it("starts, or says why it cannot here", () => {
    if (skipReason !== undefined) console.warn(`fleet test skipped: ${skipReason}`);
    expect(gateways.length === 3 || skipReason !== undefined).toBe(true);
  });

  it("reports shared limits and a live revocation channel on readiness", async ({ skip }) => {
    if (skipReason) skip();
    const ready = (await (await fetch(`${gateways[1]!.url}/health/readiness`)).json()) as Record<
      string,
      string
    >;
    expect(ready).toMatchObject({
      status: "ok",
      limits: "shared (redis)",
      key_invalidation: "redis: connected",
    });
  });

  it("refuses a key deleted or blocked through one replica on the others (cache TTL 120 s)", async ({
    skip,
  }) => {
    if (skipReason) skip();
    const [a, b, c] = gateways as [RagguardProcess, RagguardProcess, RagguardProcess];
    const deleted = await generateKey(a);
    const blocked = await generateKey(a);
    // Warm every replica's key cache.
    for (const replica of [b, c]) {
      expect((await chat(replica, deleted)).status).toBe(200);
      expect((await chat(replica, blocked)).status).toBe(200);
    }
    expect((await master(a, "/key/delete", { keys: [deleted] })).status).toBe(200);
    expect((await master(c, "/key/update", { key: blocked, blocked: true })).status).toBe(200);
    for (const [replica, key] of [
      [b, deleted],
      [c, deleted],
      [a, blocked],
      [b, blocked],
    ] as const) {
      const took = await waitUntil(async () => (await chat(replica, key)).status === 401, 5_000);
      // The TTL would take 120 s: a refusal within seconds came through the channel.
      expect(took).toBeDefined();
      console.info(`revocation seen after ${took} ms`);
    }
  });

  it("holds rpm_limit 10 across replicas: 30 calls spread over three give 10 answers and 20 × 429", async ({
    skip,
  }) => {
    if (skipReason) skip();
    const key = await generateKey(gateways[0]!, { rpm_limit: 10 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => chat(gateways[i % 3]!, key)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-limit-requests")).toBe("10");
    expect(limited.headers.get("x-ratelimit-remaining-requests")).toBe("0");
    expect(limited.headers.get("x-ratelimit-reset-requests")).toMatch(/^\d+(\.\d+)?(ms|s)$|^\d+m/);
    const body = (await limited.json()) as { error: { type: string; code: string } };
    expect(body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limit_exceeded" });
    const ok = answers.find((answer) => answer.status === 200)!;
    expect(ok.headers.get("x-ratelimit-limit-requests")).toBe("10");
  });

  it("holds max_budget across replicas and shows usage in /key/info", async ({ skip }) => {
    if (skipReason) skip();
    const key = await generateKey(gateways[0]!, { max_budget: 0.03, budget_duration: "30d" });
    // Three calls, one per replica, spend 0.039: the third starts under budget, the fourth is over.
    for (const replica of gateways) {
      expect((await chat(replica, key)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const replica of gateways) {
      const refused = await chat(replica, key);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { type: string; code: string } };
      expect(body.error).toMatchObject({ type: "budget_exceeded", code: "budget_exceeded" });
    }
    let info: { info: { spend: number; usage: Record<string, number> } } | undefined;
    await waitUntil(async () => {
      const response = await master(gateways[2]!, `/key/info?key=${encodeURIComponent(key)}`);
      info = (await response.json()) as typeof info;
      return info?.info.usage.requests === 3;
    }, 5_000);
    expect(info?.info.usage).toMatchObject({
      requests: 3,
      prompt_tokens: 21,
      completion_tokens: 9,
    });
    expect(info?.info.usage.spend).toBeCloseTo(3 * callCost, 9);
    expect(info?.info.spend).toBeCloseTo(3 * callCost, 9);
  });

  it("loses no guarded request when a guard API is killed mid-load", async ({ skip }) => {
    if (skipReason) skip();
    const key = await generateKey(gateways[0]!);
    const before = upstream.requests.length;
    const sent: Promise<Response>[] = [];
    for (let i = 0; i < 60; i++) {
      sent.push(chat(gateways[i % 3]!, key, `Question number ${i}: what is two plus ${i}?`));
      if (i === 20) guards[1]!.child.kill("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const statuses = (await Promise.all(sent)).map((answer) => answer.status);
    const answered = statuses.filter((s) => s === 200).length;
    // Each request was answered through the other guard, or failed closed with 503 …
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    // … and only answered ones reached the provider.
    expect(upstream.requests.length - before).toBe(answered);
    expect(answered).toBeGreaterThan(40);
    console.info(`guard killed mid-load: ${answered}/60 answered, ${60 - answered} × 503`);
  });
});
