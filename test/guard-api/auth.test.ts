import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { secretsMatch } from "../../src/guard-api/auth.js";
import { createScanPool, type ScanPool } from "../../src/workers/scan-pool.js";
import { captureLogger } from "../helpers/capture-logger.js";

let pool: ScanPool;
let bearer: FastifyInstance;
let basic: FastifyInstance;
const warnings = captureLogger();

beforeAll(async () => {
  pool = createScanPool({ scanners: [{ type: "InvisibleText" }], threads: 1 });
  bearer = await createGuardApi({
    config: { auth: { type: "http_bearer", token: "s3cret-token" } },
    pool,
    logger: silentLogger,
  });
  basic = await createGuardApi({
    config: { auth: { type: "http_basic", username: "guard", password: "pa:ss" } },
    pool,
    logger: silentLogger,
  });
});

afterAll(async () => {
  await bearer?.close();
  await basic?.close();
  await pool?.destroy();
});

const scan = (app: FastifyInstance, authorization?: string) =>
  app.inject({
    method: "POST",
    url: "/analyze/prompt",
    headers: authorization === undefined ? {} : { authorization },
    payload: { prompt: "hello" },
  });

describe("guard API authentication", () => {
  it("requires the bearer token as LLM Guard's API does: 403 without one, 401 for a wrong one", async () => {
    const missing = await scan(bearer);
    expect(missing.statusCode).toBe(403);
    expect(missing.headers["www-authenticate"]).toBeUndefined();
    expect(missing.json()).toEqual({ message: "Not authenticated", details: null });
    const wrong = await scan(bearer, "Bearer s3cret-tokeN");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid API key", details: null });
    const otherScheme = await scan(bearer, "Basic czNjcmV0LXRva2Vu");
    expect(otherScheme.statusCode).toBe(403);
    expect(otherScheme.json()).toEqual({
      message: "Invalid authentication credentials",
      details: null,
    });
    const emptyBearer = await scan(bearer, "Bearer ");
    expect(emptyBearer.statusCode).toBe(403);
    expect(emptyBearer.json()).toEqual({ message: "Not authenticated", details: null });
    const ok = await scan(bearer, "bearer s3cret-token");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ is_valid: true, sanitized_prompt: "hello" });
  });

  it("checks HTTP basic credentials as FastAPI's HTTPBasic does, password colons included", async () => {
    const encode = (pair: string) => `Basic ${Buffer.from(pair).toString("base64")}`;
    const missing = await scan(basic);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe("Basic");
    expect(missing.json()).toEqual({ message: "Not authenticated", details: null });
    const bearerInstead = await scan(basic, "Bearer guard:pa:ss");
    expect(bearerInstead.statusCode).toBe(401);
    expect(bearerInstead.json().message).toBe("Not authenticated");
    for (const malformed of [encode("guard"), "Basic !!not-base64!!", encode("gü:pa:ss")]) {
      const answer = await scan(basic, malformed);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe("Basic");
      expect(answer.json()).toEqual({
        message: "Invalid authentication credentials",
        details: null,
      });
    }
    const wrong = await scan(basic, encode("guard:wrong"));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["www-authenticate"]).toBeUndefined();
    expect(wrong.json()).toEqual({ message: "Invalid Username or Password", details: null });
    expect((await scan(basic, encode("guard:pa:s"))).statusCode).toBe(401);
    expect((await scan(basic, encode("guarD:pa:ss"))).statusCode).toBe(401);
    expect((await scan(basic, encode("guard:pa:ss"))).statusCode).toBe(200);
  });

  it("refuses every near miss of the token an attacker might try", async () => {
    const nearMisses = [
      "Bearer  s3cret-token", // two spaces: the credential is " s3cret-token", as FastAPI splits it
      "Bearer s3cret-tokens",
      "Bearer s3cret-toke",
      "Bearer S3CRET-TOKEN",
      "Bearer s3cret-token,s3cret-token",
      `Bearer ${"s3cret-token".repeat(1000)}`,
      "Token s3cret-token",
      `Basic ${Buffer.from("s3cret-token").toString("base64")}`,
      `Basic ${Buffer.from("s3cret-token:s3cret-token").toString("base64")}`,
      "s3cret-token",
    ];
    for (const authorization of nearMisses) {
      const answer = await scan(bearer, authorization);
      expect([401, 403], authorization.slice(0, 40)).toContain(answer.statusCode);
      expect(answer.json()).not.toHaveProperty("is_valid");
    }
  });

  it("checks credentials before reading the body and leaves health and metrics open", async () => {
    const unauthenticatedJunk = await bearer.inject({
      method: "POST",
      url: "/v1/scan/prompt",
      headers: { "content-type": "text/plain" },
      payload: "junk",
    });
    expect(unauthenticatedJunk.statusCode).toBe(403);
    for (const url of ["/", "/healthz", "/readyz", "/metrics", "/v1/healthz"]) {
      expect((await bearer.inject({ method: "GET", url })).statusCode).toBe(200);
    }
  });

  it("warns at start when no authentication is configured", async () => {
    const open = await createGuardApi({ pool, logger: warnings.logger });
    await open.close();
    expect(
      warnings.lines.some(
        (line) => line.level === "warn" && /Authentication is off/.test(line.msg ?? ""),
      ),
    ).toBe(true);
  });
});

describe("secretsMatch", () => {
  it("compares whole secrets of any length", () => {
    expect(secretsMatch("abc", "abc")).toBe(true);
    expect(secretsMatch("abc", "abcd")).toBe(false);
    expect(secretsMatch("", "abc")).toBe(false);
  });
});
