import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogger } from "../../helpers/capture-logger.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, sendJson, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

const upstreamKey = "sk-upstream-very-secret-value";

describe("keys, auth and errors over HTTP", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;
  let clock = Date.now();
  const captured = captureLogger();

  const post = (path: string, body: unknown, key?: string, headers: Record<string, string> = {}) =>
    fetch(`${running.url}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const get = (path: string, key?: string) =>
    fetch(`${running.url}${path}`, {
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
    });
  const chat = (key: string | undefined, model = "gpt-4o", headers: Record<string, string> = {}) =>
    post(
      "/v1/chat/completions",
      { model, messages: [{ role: "user", content: "secret prompt text" }] },
      key,
      headers,
    );

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    const params = { api_key: upstreamKey, api_base: `${upstream.url}/v1` };
    running = await startTestGateway(
      db.db,
      {
        model_list: [
          { model_name: "gpt-4o", gateway_params: { model: "openai/gpt-4o", ...params } },
          { model_name: "gpt-mini", gateway_params: { model: "openai/gpt-4o-mini", ...params } },
          {
            model_name: "claude",
            gateway_params: { model: "anthropic/claude", ...params, api_base: upstream.url },
          },
        ],
      },
      { logger: captured.logger, now: () => clock },
    );
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose().catch(() => {});
  });

  it("generates a key only for the master key and returns it once", async () => {
    expect((await post("/key/generate", {})).status).toBe(401);
    expect((await post("/key/generate", {}, "sk-wrong")).status).toBe(401);
    const response = await post(
      "/key/generate",
      {
        models: ["gpt-4o"],
        permissions: { enable_guard_check: true },
        key_alias: "svc",
        duration: "24h",
        metadata: { team: "x" },
      },
      masterKey,
    );
    expect(response.status).toBe(200);
    const created = (await response.json()) as Record<string, unknown>;
    expect(created.key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      key_alias: "svc",
      models: ["gpt-4o"],
      permissions: { enable_guard_check: true },
      metadata: { team: "x" },
    });
    expect(new Date(String(created.expires)).getTime()).toBe(clock + 24 * 3_600_000);
    expect(typeof created.token_id).toBe("string");
    expect(typeof created.created_at).toBe("string");

    const info = (await (
      await get(`/key/info?key=${String(created.key)}`, masterKey)
    ).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ token_id: created.token_id, info: { key_alias: "svc" } });
    const listed = await (await get("/key/list", masterKey)).text();
    expect(listed).toContain(String(created.token_id));
    expect(listed).not.toContain(String(created.key));
    expect((await get("/key/list", String(created.key))).status).toBe(401);
  });

  it("answers 401 without or with a bad key, 403 for a model the key may not call, 400 for an unknown model", async () => {
    const { key } = await running.generateKey({ models: ["gpt-4o"] });
    const missing = await chat(undefined);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: {
        message: expect.stringContaining("No API key"),
        type: "authentication_error",
        param: null,
        code: "invalid_api_key",
      },
    });
    expect((await chat("sk-not-a-key")).status).toBe(401);
    const forbidden = await chat(key, "gpt-mini");
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { type: string } }).error.type).toBe(
      "permission_error",
    );
    const unknown = await chat(key, "gpt-5-imaginary");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
      'Unknown model "gpt-5-imaginary"',
    );
    expect((await chat(key)).status).toBe(200);
    // Anthropic clients send x-api-key.
    expect((await chat(undefined, "gpt-4o", { "x-api-key": key })).status).toBe(200);
    // The master key may call every model.
    expect((await chat(masterKey, "gpt-mini")).status).toBe(200);
    const models = (await (await get("/v1/models", key)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((model) => model.id)).toEqual(["gpt-4o"]);
  });

  it("stops a key at once on this instance after update (blocked) and delete; expires it on time", async () => {
    const first = await running.generateKey();
    expect((await chat(first.key)).status).toBe(200);
    const blocked = await post("/key/update", { key: first.key, blocked: true }, masterKey);
    expect(blocked.status).toBe(200);
    expect((await chat(first.key)).status).toBe(401);
    await post(
      "/key/update",
      { key: first.token_id, blocked: false, models: ["gpt-mini"] },
      masterKey,
    );
    expect((await chat(first.key, "gpt-mini")).status).toBe(200);
    expect((await chat(first.key, "gpt-4o")).status).toBe(403);
    const deleted = await post("/key/delete", { keys: [first.key] }, masterKey);
    expect(await deleted.json()).toEqual({ deleted_keys: [first.token_id] });
    expect((await chat(first.key, "gpt-mini")).status).toBe(401);
    expect((await get(`/key/info?key=${first.key}`, masterKey)).status).toBe(404);

    const shortLived = await running.generateKey({ duration: "30s" });
    expect((await chat(shortLived.key)).status).toBe(200);
    clock += 31_000;
    const expired = await chat(shortLived.key);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toContain(
      "expired",
    );
    expect((await post("/key/generate", { duration: "soon" }, masterKey)).status).toBe(400);
    const typo = await post("/key/generate", { models: ["gpt-4o", "gpt4o"] }, masterKey);
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { error: { message: string } }).error.message).toBe(
      '/key/generate: models[1]: "gpt4o" is not a model_name of this gateway',
    );
  });

  it("enforces rpm_limit with 429", async () => {
    const { key } = await running.generateKey({ rpm_limit: 2 });
    expect((await chat(key)).status).toBe(200);
    expect((await chat(key)).status).toBe(200);
    const limited = await chat(key);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { type: string } }).error.type).toBe(
      "rate_limit_error",
    );
  });

  it("keeps the upstream status and message, never the upstream key", async () => {
    const { key } = await running.generateKey();
    upstream.handle((_request, res) =>
      sendJson(res, 429, {
        error: { message: `quota exceeded for key ${upstreamKey}`, type: "rate_limit_error" },
      }),
    );
    try {
      const limited = await chat(key);
      expect(limited.status).toBe(429);
      const body = (await limited.json()) as { error: { message: string; type: string } };
      expect(body.error.type).toBe("rate_limit_error");
      expect(body.error.message).toContain("quota exceeded");
      expect(JSON.stringify(body)).not.toContain(upstreamKey);

      upstream.handle((_request, res) =>
        sendJson(res, 401, {
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
      );
      const viaMessages = await post(
        "/v1/messages",
        { model: "claude", max_tokens: 10, messages: [{ role: "user", content: "hi" }] },
        key,
      );
      expect(viaMessages.status).toBe(401);
      expect(await viaMessages.json()).toEqual({
        type: "error",
        error: { type: "authentication_error", message: "anthropic: invalid x-api-key" },
      });
      const badMessages = await post("/v1/messages", { model: "claude", messages: "nope" }, key);
      expect(badMessages.status).toBe(400);
      expect(((await badMessages.json()) as { type: string }).type).toBe("error");
    } finally {
      upstream.handle(openAIHandler);
    }
  });

  it("rejects a malformed body and an unknown route in the OpenAI shape", async () => {
    const bad = await post("/v1/chat/completions", { model: "gpt-4o", messages: [] }, masterKey);
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { type: string; message: string } }).error,
    ).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining("messages"),
    });
    const notJson = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${masterKey}` },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: unknown }).error).toBeDefined();
    const missingRoute = await get("/v1/nothing-here");
    expect(missingRoute.status).toBe(404);
    expect(((await missingRoute.json()) as { error: { type: string } }).error.type).toBe(
      "not_found_error",
    );
  });

  it("serves health and Prometheus metrics", async () => {
    expect(await (await get("/health/liveliness")).json()).toEqual({ status: "ok" });
    const ready = await get("/health/readiness");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: "connected" });
    const metrics = await (await get("/metrics")).text();
    expect(metrics).toMatch(
      /ragguard_gateway_requests_total\{route="chat",model="gpt-4o",status="200"\} \d+/,
    );
    expect(metrics).toMatch(/ragguard_gateway_tokens_total\{model="gpt-4o",type="prompt"\} \d+/);
    expect(metrics).toMatch(
      /ragguard_gateway_upstream_errors_total\{provider="openai",model="gpt-4o",status="429"\} 1/,
    );
    expect(metrics).toContain("ragguard_gateway_request_duration_seconds_bucket");
    // Model names clients make up never become label values.
    expect(metrics).not.toContain("gpt-5-imaginary");
    expect(metrics).toMatch(
      /ragguard_gateway_requests_total\{route="chat",model="\(unknown\)",status="400"\} \d+/,
    );
  });

  it("lets a key deleted on another instance work until the cache TTL passes, then not", async () => {
    const other = await startTestGateway(
      db.db,
      {
        model_list: [
          {
            model_name: "gpt-4o",
            gateway_params: {
              model: "openai/gpt-4o",
              api_key: upstreamKey,
              api_base: `${upstream.url}/v1`,
            },
          },
        ],
        general_settings: { key_cache_ttl: 30 },
      },
      { now: () => clock },
    );
    try {
      const { key } = await running.generateKey();
      const chatOther = () =>
        fetch(`${other.url}/v1/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] }),
        });
      // A key made on one instance works on the other at once (misses are not cached).
      expect((await chatOther()).status).toBe(200);
      await post("/key/delete", { keys: [key] }, masterKey);
      expect((await chat(key)).status).toBe(401);
      expect((await chatOther()).status).toBe(200);
      clock += 30_001;
      expect((await chatOther()).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("never logs a key, and logs prompt text only at debug level", () => {
    const nonDebug = JSON.stringify(captured.lines.filter((line) => line.level !== "debug"));
    expect(nonDebug).not.toMatch(/sk-[A-Za-z0-9_-]{43}/);
    expect(nonDebug).not.toContain(masterKey);
    expect(nonDebug).not.toContain(upstreamKey);
    expect(nonDebug).not.toContain("secret prompt text");
    const all = JSON.stringify(captured.lines);
    expect(all).not.toMatch(/sk-[A-Za-z0-9_-]{43}/);
    expect(all).not.toContain(upstreamKey);
    expect(
      captured.lines.some(
        (line) =>
          line.level === "debug" && JSON.stringify(line.fields).includes("secret prompt text"),
      ),
    ).toBe(true);
    expect(captured.lines.some((line) => line.msg === "request")).toBe(true);
  });

  it("reports not ready when the database is gone", async () => {
    await db.db.close();
    const ready = await get("/health/readiness");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
    expect((await get("/health/liveliness")).status).toBe(200);
  });
});
