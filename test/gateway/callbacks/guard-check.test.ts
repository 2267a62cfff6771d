import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GuardRejectedError,
  GuardUnavailableError,
  guardLogPrefix,
  guardModerations,
} from "../../../src/gateway/callbacks/index.js";
import type { GatewaySettings } from "../../../src/gateway/config/schema.js";
import type { ProviderCallContext } from "../../../src/gateway/hooks.js";
import { createNodeHttpClient } from "../../../src/gateway/http/index.js";

/**
 * A guard API stand-in on loopback: "bad" prompts are invalid, "boom" ones get HTTP 500, "hang"
 * ones never get an answer (their request's close is recorded).
 */
let guard: Server;
let guardUrl: string;
const bodies: string[] = [];
let connections = 0;
/** Resolves when the next "hang" request arrives; its promise resolves when that request closes. */
let hanging: Promise<{ closed: Promise<void> }>;
let onHang: (closed: Promise<void>) => void = () => {};
function expectHang(): void {
  hanging = new Promise((resolve) => {
    onHang = (closed) => resolve({ closed });
  });
}

beforeAll(async () => {
  guard = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      bodies.push(body);
      const { prompt } = JSON.parse(body) as { prompt: string };
      if (prompt.includes("hang")) {
        onHang(new Promise((resolve) => response.once("close", () => resolve())));
        return;
      }
      if (prompt.includes("boom")) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end('{"message":"scan failed","details":null}');
        return;
      }
      const isValid = !prompt.includes("bad");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          sanitized_prompt: prompt,
          is_valid: isValid,
          scanners: { Toxicity: isValid ? 0 : 1 },
        }),
      );
    });
  });
  guard.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => guard.listen(0, "127.0.0.1", resolve));
  guardUrl = `http://127.0.0.1:${(guard.address() as AddressInfo).port}`;
});

afterAll(async () => {
  guard.closeAllConnections();
  await new Promise((resolve) => guard.close(resolve));
});

/** A pino logger at `level` whose lines are kept as parsed objects. */
function pinoLines(level: "info" | "warn") {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

function setUp(level: "info" | "warn", extra: Partial<GatewaySettings> = {}) {
  const { logger, lines } = pinoLines(level);
  const registry = new Registry();
  const http = createNodeHttpClient();
  const settings: GatewaySettings = {
    callbacks: ["guard_moderations"],
    guard_output: false,
    ...extra,
  };
  const check = guardModerations({
    settings,
    logger,
    env: { GUARD_API_BASE: guardUrl },
    fetch,
    http,
    registry,
  });
  const run = (content: string, signal = new AbortController().signal) => {
    const ctx: ProviderCallContext = {
      route: "chat",
      model: "gpt-4o",
      caller: { kind: "master" },
      body: { model: "gpt-4o", messages: [{ role: "user", content }] },
      headers: {},
      settings,
      logger,
      signal,
    };
    return check(ctx);
  };
  return { run, lines, registry, close: () => http.close() };
}

describe("guard_moderations check", () => {
  it("sends {prompt, source, return_vault} as JSON, the same bytes as JSON.stringify", async () => {
    const { run, close } = setUp("warn");
    const prompt = 'quote " backslash \\ newline \n unicode é \u2028 end';
    await run(prompt);
    close();
    expect(bodies.at(-1)).toBe(JSON.stringify({ prompt, source: "prompt", return_vault: true }));
  });

  it("gives up after guard_timeout and closes the request to the guard", async () => {
    const { run, close } = setUp("warn", { guard_timeout: 0.1 });
    expectHang();
    const check = run("hang on");
    const { closed } = await hanging;
    await expect(check).rejects.toMatchObject({ reason: "no answer within 100 ms" });
    await closed;
    close();
  });

  it("stops the guard call when the gateway's client goes away", async () => {
    const { run, close } = setUp("warn");
    const client = new AbortController();
    expectHang();
    const check = run("hang on", client.signal);
    const { closed } = await hanging;
    client.abort(new Error("client disconnected"));
    await expect(check).rejects.toMatchObject({
      reason: expect.stringMatching(/cannot reach .*client disconnected/),
    });
    await expect(check).rejects.toBeInstanceOf(GuardUnavailableError);
    await closed;
    close();
  });

  it("does not call the guard for a client already gone", async () => {
    const { run, close } = setUp("warn");
    const client = new AbortController();
    client.abort(new Error("client disconnected"));
    const before = bodies.length;
    await expect(run("hello", client.signal)).rejects.toMatchObject({
      reason: expect.stringMatching(/client disconnected/),
    });
    close();
    expect(bodies.length).toBe(before);
  });

  it("keeps one connection to the guard API alive across checks", async () => {
    const { run, close } = setUp("warn");
    const before = connections;
    for (const prompt of ["one", "two", "three", "four", "five"]) await run(prompt);
    close();
    expect(connections - before).toBe(1);
  });

  it("writes the guard line when info lines are on, and only then", async () => {
    const on = setUp("info");
    await on.run("hello");
    on.close();
    const line = on.lines.find((entry) => entry.msg.startsWith(guardLogPrefix));
    expect(line?.level).toBe(30);
    expect(JSON.parse(line!.msg.slice(guardLogPrefix.length))).toEqual({
      sanitized_prompt: "hello",
      is_valid: true,
      scanners: { Toxicity: 0 },
    });

    const off = setUp("warn");
    await expect(off.run("bad words")).rejects.toBeInstanceOf(GuardRejectedError);
    off.close();
    expect(off.lines.filter((entry) => entry.msg.startsWith(guardLogPrefix))).toEqual([]);
  });

  it("counts checks by result and times them, on the gateway's registry", async () => {
    const { run, registry, close } = setUp("warn");
    await run("fine");
    await run("fine again");
    await expect(run("bad")).rejects.toBeInstanceOf(GuardRejectedError);
    await expect(run("boom")).rejects.toBeInstanceOf(GuardUnavailableError);
    const counts = async () => {
      const metric = await registry.getSingleMetric("ragguard_gateway_guard_checks_total")!.get();
      return Object.fromEntries(metric.values.map((v) => [v.labels.result, v.value]));
    };
    expect(await counts()).toEqual({ valid: 2, invalid: 1, error: 1 });
    // A second scrape neither loses nor repeats them.
    expect(await counts()).toEqual({ valid: 2, invalid: 1, error: 1 });
    await run("one more");
    close();
    expect(await counts()).toEqual({ valid: 3, invalid: 1, error: 1 });
    const latency = await registry
      .getSingleMetric("ragguard_gateway_guard_check_duration_seconds")!
      .get();
    const named = (suffix: string) =>
      latency.values.filter((v) => "metricName" in v && String(v.metricName).endsWith(suffix));
    const observed = named("_count");
    expect(Object.fromEntries(observed.map((v) => [v.labels.result, v.value]))).toEqual({
      valid: 3,
      invalid: 1,
      error: 1,
    });
    const sums = named("_sum");
    for (const sum of sums) expect(sum.value).toBeGreaterThan(0);
  });
});
