import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { silentLogger } from "../../src/common/logger.js";
import { createGuardApi, type GuardApiOptions } from "../../src/guard-api/app.js";

const apps: FastifyInstance[] = [];

async function start(config: GuardApiOptions["config"]): Promise<FastifyInstance> {
  const app = await createGuardApi({ config, logger: silentLogger });
  apps.push(app);
  return app;
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const catastrophic = { type: "Regex", params: { patterns: ["^(a+)+$"] } };
const evil = `${"a".repeat(48)}!`;

describe("time limits and overload", () => {
  it("answers 408 for a runaway regex while /healthz keeps answering, then serves again", async () => {
    const app = await start({
      app: { scan_threads: 1, scan_prompt_timeout: 3, scan_queue_limit: 1 },
      input_scanners: [catastrophic],
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const events: string[] = [];
    const scan = (prompt: string) =>
      fetch(`${base}/analyze/prompt`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt }),
      });
    const running = scan(evil).then(async (res) => {
      events.push("scan");
      return { status: res.status, body: await res.json() };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queued = scan(evil);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await scan("hello");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("retry later") });
    const saturated = await fetch(`${base}/readyz`);
    expect(saturated.status).toBe(503);
    expect(await saturated.json()).toMatchObject({
      message: expect.stringContaining("Saturated"),
      details: { queue_size: 1, max_queue: 1 },
    });
    const health = await fetch(`${base}/healthz`);
    events.push("healthz");
    expect(health.status).toBe(200);
    expect(await running).toEqual({
      status: 408,
      body: { message: "Request timeout.", details: null },
    });
    expect(events).toEqual(["healthz", "scan"]);
    expect((await queued).status).toBe(408);
    const after = await scan("hello");
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ is_valid: true, scanners: { Regex: 0 } });
  });

  it("frees the scan thread when a client hangs up on a costly scan", async () => {
    const app = await start({
      app: { scan_threads: 1, scan_prompt_timeout: 60 },
      input_scanners: [catastrophic],
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const scan = (prompt: string, signal?: AbortSignal) =>
      fetch(`${base}/analyze/prompt`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt }),
        signal,
      });
    const hungUp = scan(evil, AbortSignal.timeout(300)).catch((error: unknown) => error);
    expect(await hungUp).toBeInstanceOf(Error);
    // Without the cancellation the only thread would spin on the regex for the whole minute.
    const next = await Promise.race([
      scan("hello").then((res) => res.status),
      new Promise((resolve) => setTimeout(() => resolve("still busy"), 25_000)),
    ]);
    expect(next).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: "ready" });
  });

  it("rate limits the scan routes with 429 and Retry-After, never the health routes", async () => {
    const app = await start({
      app: { scan_threads: 1 },
      rate_limit: { enabled: true, limit: "2/minute" },
      input_scanners: [{ type: "InvisibleText" }],
    });
    const send = () =>
      app.inject({ method: "POST", url: "/v1/analyze/prompt", payload: { prompt: "hi" } });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      message: expect.stringContaining("Rate limit exceeded (2/minute)"),
      details: { limit: "2/minute" },
    });
    for (let i = 0; i < 4; i += 1) {
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    }
  });

  it("keys the rate limit on X-Forwarded-For only when trust_proxy is on", async () => {
    const limit = { enabled: true, limit: "1/minute" };
    const scanners = [{ type: "InvisibleText" }];
    const proxied = await start({
      app: { scan_threads: 1, trust_proxy: true },
      rate_limit: limit,
      input_scanners: scanners,
    });
    const direct = await start({
      app: { scan_threads: 1 },
      rate_limit: limit,
      input_scanners: scanners,
    });
    const send = (app: FastifyInstance, client: string) =>
      app.inject({
        method: "POST",
        url: "/scan/prompt",
        headers: { "x-forwarded-for": client },
        payload: { prompt: "hi" },
      });
    expect((await send(proxied, "203.0.113.1")).statusCode).toBe(200);
    expect((await send(proxied, "203.0.113.2")).statusCode).toBe(200);
    expect((await send(proxied, "203.0.113.1")).statusCode).toBe(429);
    expect((await send(direct, "203.0.113.1")).statusCode).toBe(200);
    expect((await send(direct, "203.0.113.2")).statusCode).toBe(429);
  });
});

describe("loading", () => {
  it("reports 503 from /readyz and the scan routes until a lazy load finishes", async () => {
    const app = await start({
      app: { scan_threads: 1, lazy_load: true },
      input_scanners: [{ type: "Secrets" }],
    });
    const early = await app.inject({ method: "GET", url: "/readyz" });
    expect(early.statusCode).toBe(503);
    expect(early.headers["retry-after"]).toBe("5");
    expect(early.json()).toEqual({ message: "Scanners are not loaded yet.", details: null });
    const scan = await app.inject({
      method: "POST",
      url: "/scan/prompt",
      payload: { prompt: "x" },
    });
    expect(scan.statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    let ready = early;
    for (let i = 0; i < 200 && ready.statusCode !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await app.inject({ method: "GET", url: "/readyz" });
    }
    expect(ready.json()).toMatchObject({ status: "ready", queue_size: 0 });
    const after = await app.inject({
      method: "POST",
      url: "/scan/prompt",
      payload: { prompt: "x" },
    });
    expect(after.json()).toEqual({ is_valid: true, scanners: { Secrets: 0 } });
  });

  it("fails start-up on bad scanner params, naming the entry, or keeps /readyz at 503 when lazy", async () => {
    const bad = { type: "Regex", params: { patterns: ["("] } };
    const error = await createGuardApi({
      config: { app: { scan_threads: 1 }, input_scanners: [bad] },
      source: "scanners.yaml",
      logger: silentLogger,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(
      "scanners.yaml: input_scanners[0]: Regex options: patterns[0]",
    );
    const lazy = await start({ app: { scan_threads: 1, lazy_load: true }, input_scanners: [bad] });
    let ready = await lazy.inject({ method: "GET", url: "/readyz" });
    for (let i = 0; i < 200 && ready.json().details === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await lazy.inject({ method: "GET", url: "/readyz" });
    }
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details.error).toContain("input_scanners[0]: Regex options");
  });
});
