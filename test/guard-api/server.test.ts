import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardApi } from "../../src/guard-api/app.js";
import { loadGuardApiConfig } from "../../src/guard-api/config.js";
import { createScanPool, type ScanPool } from "../../src/workers/scan-pool.js";
import { captureLogger } from "../helpers/capture-logger.js";

const fixture = new URL("../../fixtures/config/scanners.yaml", import.meta.url).pathname;

let app: FastifyInstance;
let pool: ScanPool;
let base: string;
const log = captureLogger();

beforeAll(async () => {
  const config = await loadGuardApiConfig(fixture, { BODY_LIMIT: "4kb" });
  pool = createScanPool({ scanners: config.input_scanners ?? [], threads: 1 });
  app = await createGuardApi({ config, pool, logger: log.logger });
  await app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await pool?.destroy();
});

/** Send exactly what LiteLLM's llm_guard hook sends: aiohttp `session.post(url, json={"prompt": text})`. */
function sendLikeLiteLLM(
  url: string,
  text: string,
): Promise<{ status: number; type: string; body: string }> {
  const payload = Buffer.from(
    JSON.stringify({ prompt: text }).replace('{"prompt":', '{"prompt": '),
  );
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          Host: new URL(url).host,
          "User-Agent": "Python/3.11 aiohttp/3.9.5",
          Accept: "*/*",
          "Accept-Encoding": "gzip, deflate",
          "Content-Length": String(payload.length),
          "Content-Type": "application/json",
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  };
}

describe("guard API over real HTTP", () => {
  it("answers LiteLLM's exact request with LLM Guard's exact response shape", async () => {
    for (const apiBase of [`${base}/`, `${base}/v1/`]) {
      const res = await sendLikeLiteLLM(`${apiBase}analyze/prompt`, "hello world");
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^application\/json/);
      const json = JSON.parse(res.body) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(["is_valid", "sanitized_prompt", "scanners"]);
      expect(json.sanitized_prompt).toBe("hello world");
      expect(json.is_valid).toBe(true);
      const scanners = json.scanners as Record<string, number>;
      expect(Object.keys(scanners)).toEqual([
        "InvisibleText",
        "Secrets",
        "Regex",
        "Anonymize",
        "PromptInjection",
        "Toxicity",
      ]);
      expect(scanners.Regex).toBe(0);
      for (const score of Object.values(scanners)) expect(typeof score).toBe("number");
    }
  });

  it("redacts and flags a prompt with a bearer token, chaining the sanitized text", async () => {
    const res = await post("/analyze/prompt", {
      prompt: "Call it with Authorization: Bearer eyJhbGciOi.abc",
    });
    expect(res.status).toBe(200);
    expect(res.json.sanitized_prompt).toBe("Call it with Authorization: [REDACTED]");
    expect(res.json.is_valid).toBe(false);
    expect((res.json.scanners as Record<string, number>).Regex).toBe(1);
  });

  it("scans every scanner on the original text at /scan/prompt and honours scanners_suppress", async () => {
    const res = await post("/v1/scan/prompt", { prompt: "Bearer abc.def" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["is_valid", "scanners"]);
    expect(res.json.is_valid).toBe(false);
    const suppressed = await post("/scan/prompt", {
      prompt: "Bearer abc.def",
      scanners_suppress: ["Regex"],
    });
    expect(suppressed.json.scanners).not.toHaveProperty("Regex");
    expect(suppressed.json.is_valid).toBe(true);
  });

  it("serves name and version, health, readiness and metrics, also under /v1", async () => {
    for (const prefix of ["", "/v1"]) {
      const root = (await (await fetch(`${base}${prefix}/`)).json()) as Record<string, unknown>;
      expect(root).toEqual({ name: "ragguard Guard API", version: expect.any(String) });
      expect(await (await fetch(`${base}${prefix}/healthz`)).json()).toEqual({ status: "alive" });
      expect(await (await fetch(`${base}${prefix}/readyz`)).json()).toMatchObject({
        status: "ready",
        queue_size: 0,
      });
    }
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(
      /guard_api_requests_total\{method="POST",route="\/analyze\/prompt",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /guard_api_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/healthz",status="200"\}/,
    );
    expect(text).toMatch(/scanner_verdicts_total\{scanner="Regex",valid="false"\} \d+/);
    expect(text).toMatch(/guard_api_scan_duration_seconds_count\{mode="analyze"\} \d+/);
    expect(text).toContain("guard_api_scan_queue_depth 0");
  });

  it("answers every client mistake with {message, details} and the right status", async () => {
    const missing = await post("/analyze/prompt", { text: "hi" });
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual({
      message: "Validation failed",
      details: [{ type: "missing", loc: ["body", "prompt"], msg: "Field required" }],
    });
    const wrongType = await post("/analyze/prompt", { prompt: "hi", scanners_suppress: [1] });
    expect(wrongType.status).toBe(422);
    expect((wrongType.json.details as { loc: unknown[] }[])[0]!.loc).toEqual([
      "body",
      "scanners_suppress",
      0,
    ]);
    const badJson = await post("/analyze/prompt", '{"prompt": ');
    expect(badJson.status).toBe(422);
    expect((badJson.json.details as { type: string }[])[0]!.type).toBe("json_invalid");
    const text = await post("/analyze/prompt", "prompt=hi", { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({
      message: expect.stringContaining("application/json"),
      details: null,
    });
    const big = await post("/analyze/prompt", { prompt: "x".repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.json.message).toContain("4096 bytes");
    const notFound = await fetch(`${base}/analyze/output`, { method: "POST" });
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ message: "Not Found" });
  });

  it("gives each request its own vault: concurrent prompts never see each other's personal data", async () => {
    const people = Array.from({ length: 40 }, (_, i) => ({
      email: `person${i}@example.com`,
      phone: `+1 415 555 ${String(1000 + i)}`,
    }));
    const responses = await Promise.all(
      people.map(({ email, phone }, i) =>
        post(i % 2 === 0 ? "/analyze/prompt" : "/v1/analyze/prompt", {
          prompt: `Write to ${email} and call ${phone}.`,
        }),
      ),
    );
    const everyValue = people.flatMap(({ email, phone }) => [email, phone]);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.json.sanitized_prompt).toBe(
        "Write to [REDACTED_EMAIL_ADDRESS_1] and call [REDACTED_PHONE_NUMBER_1].",
      );
      for (const value of everyValue)
        expect(String(response.json.sanitized_prompt)).not.toContain(value);
    }
  });

  it("logs scans at info with scores but never the prompt text", async () => {
    await post("/analyze/prompt", { prompt: "my very private prompt" });
    const scanned = log.lines.filter((line) => line.msg === "Scanned prompt");
    expect(scanned.length).toBeGreaterThan(0);
    expect(scanned.at(-1)!.fields).toMatchObject({
      mode: "analyze",
      is_valid: true,
      scores: expect.any(Object),
    });
    const info = log.lines.filter((line) => line.level !== "debug");
    expect(JSON.stringify(info)).not.toContain("very private");
  });
});
