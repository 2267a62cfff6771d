import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openTestPGlite,
  openTestPostgres,
  type TestDatabase,
} from "../gateway/helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
} from "../gateway/helpers/test-gateway.js";
import { captureLogger } from "../helpers/capture-logger.js";

const backends: Array<[string, () => Promise<TestDatabase | undefined>]> = [
  ["pglite", openTestPGlite],
  ["postgresql", openTestPostgres],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keys on a real clock, two gateway instances over one database (a tiny `key_cache_ttl`), and
 * every log line of the run captured at debug level.
 */
describe.each(backends)("gateway keys on %s", (_name, open) => {
  let handle: TestDatabase | undefined;
  let upstream: FakeUpstream;
  let first: RunningGateway;
  let second: RunningGateway;
  const captured = captureLogger();
  const rawKeys: string[] = [];

  beforeAll(async () => {
    handle = await open();
    if (handle === undefined) return;
    upstream = await startFakeUpstream(openAIHandler);
    const config = {
      model_list: [
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
      general_settings: { key_cache_ttl: 0.2 },
    };
    first = await startTestGateway(handle.db, config, { logger: captured.logger });
    second = await startTestGateway(handle.db, config, { logger: captured.logger });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await upstream?.close();
    await handle?.dispose();
  });

  const skip = () => handle === undefined;
  const generate = async (gateway: RunningGateway, body: Record<string, unknown> = {}) => {
    const created = await gateway.generateKey(body);
    rawKeys.push(created.key);
    return created;
  };
  const call = (gateway: RunningGateway, path: string, body: unknown, key: string) =>
    fetch(`${gateway.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const chat = (gateway: RunningGateway, key: string) =>
    call(
      gateway,
      "/v1/chat/completions",
      { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] },
      key,
    );

  it("stores only a hash: no column of the key table holds the raw key or its secret part", async (ctx) => {
    if (skip()) return ctx.skip();
    const created = await generate(first, { key_alias: "db-check", metadata: { note: "x" } });
    const rows = await handle!.db.query<Record<string, unknown>>(
      "SELECT * FROM ragguard_gateway_keys",
    );
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).toContain(String(created.token_id));
    expect(dump).not.toContain(created.key);
    expect(dump).not.toContain(created.key.slice(3));
    expect(dump).not.toContain(created.key.slice(3, 23));
    expect(dump).not.toContain(masterKey);
  });

  it("refuses a key deleted or blocked on the other instance once the cache TTL has passed", async (ctx) => {
    if (skip()) return ctx.skip();
    const deleted = await generate(first);
    const blocked = await generate(first);
    expect((await chat(second, deleted.key)).status).toBe(200);
    expect((await chat(second, blocked.key)).status).toBe(200);
    expect((await call(first, "/key/delete", { keys: [deleted.key] }, masterKey)).status).toBe(200);
    expect(
      (await call(first, "/key/update", { key: blocked.key, blocked: true }, masterKey)).status,
    ).toBe(200);
    expect((await chat(first, deleted.key)).status).toBe(401);
    expect((await chat(first, blocked.key)).status).toBe(401);
    await sleep(300);
    for (const key of [deleted.key, blocked.key]) {
      const refused = await chat(second, key);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { type: string } }).error.type).toBe(
        "authentication_error",
      );
    }
  });

  it("refuses a key made with duration 1s once it has expired, on both instances", async (ctx) => {
    if (skip()) return ctx.skip();
    const shortLived = await generate(first, { duration: "1s" });
    expect((await chat(second, shortLived.key)).status).toBe(200);
    await sleep(1_100);
    for (const gateway of [first, second]) {
      const expired = await chat(gateway, shortLived.key);
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { error: { message: string } }).error.message).toContain(
        "expired",
      );
    }
  });

  it("answers 429 with Retry-After in the OpenAI error shape past rpm_limit, and never calls the provider for it", async (ctx) => {
    if (skip()) return ctx.skip();
    const limited = await generate(first, { rpm_limit: 3 });
    for (let i = 0; i < 3; i += 1) expect((await chat(first, limited.key)).status).toBe(200);
    const before = upstream.requests.length;
    const refused = await chat(first, limited.key);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      error: {
        type: "rate_limit_error",
        message: expect.stringContaining("3 requests per minute"),
      },
    });
    expect(upstream.requests.length).toBe(before);
  });

  it("never logs a raw key or the master key, at any level", (ctx) => {
    if (skip()) return ctx.skip();
    expect(captured.lines.length).toBeGreaterThan(0);
    const all = JSON.stringify(captured.lines);
    expect(rawKeys.length).toBeGreaterThanOrEqual(5);
    for (const key of rawKeys) expect(all).not.toContain(key.slice(3));
    expect(all).not.toContain(masterKey);
    expect(all).not.toMatch(/sk-[A-Za-z0-9_-]{43}/);
  });
});
