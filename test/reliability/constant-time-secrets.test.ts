import * as crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGateway, type Gateway } from "../../src/gateway/create-gateway.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import type { GuardApiAuth } from "../../src/guard-api/config.js";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { masterKey } from "../gateway/helpers/test-gateway.js";

// The real comparison, watched: every secret check must go through it.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual = vi.fn(actual.timingSafeEqual);
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

/**
 * Wrong guesses that a byte-by-byte `===` would answer in different times: one character, the
 * right prefix with the last character wrong, the first character wrong, one character longer,
 * much longer, and non-ASCII. (An empty credential is refused as missing, before any compare.)
 */
function guessesFor(secret: string): string[] {
  return [
    "s",
    `${secret.slice(0, -1)}x`,
    `x${secret.slice(1)}`,
    `${secret}x`,
    secret.repeat(200),
    "ключ-🔑",
  ];
}

/** Every comparison made since the last clear was of two SHA-256 digests (32 bytes each). */
function expectDigestComparisons(atLeast: number): void {
  expect(timingSafeEqual.mock.calls.length).toBeGreaterThanOrEqual(atLeast);
  for (const [a, b] of timingSafeEqual.mock.calls) {
    expect((a as Buffer).byteLength).toBe(32);
    expect((b as Buffer).byteLength).toBe(32);
  }
}

beforeEach(() => {
  timingSafeEqual.mockClear();
});

describe("gateway master key comparison", () => {
  let db: TestDatabase;
  let gateway: Gateway;
  beforeAll(async () => {
    db = await openTestPGlite();
    gateway = await createGateway({
      config: {
        model_list: [
          { model_name: "gpt-4o", gateway_params: { model: "openai/gpt-4o", api_key: "sk-up" } },
        ],
        general_settings: { master_key: masterKey },
      },
      database: db.db,
      env: {},
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await db?.dispose();
  });

  const listKeys = (key: string) =>
    gateway.app.inject({ url: "/key/list", headers: { authorization: `Bearer ${key}` } });

  it("compares every presented key in constant time over equal-length digests", async () => {
    expect((await listKeys(masterKey)).statusCode).toBe(200);
    expectDigestComparisons(1);
    for (const guess of guessesFor(masterKey)) {
      timingSafeEqual.mockClear();
      const answer = await listKeys(guess);
      expect(answer.statusCode, guess.slice(0, 40)).toBe(401);
      expectDigestComparisons(1);
    }
  });
});

describe("guard API credentials comparison", () => {
  let bearer: FastifyInstance;
  let basic: FastifyInstance;
  const token = "guard-token-0123456789";
  const password = "guard-password-0123456789";
  beforeAll(async () => {
    const config = (auth: GuardApiAuth) => ({
      config: { app: { scan_threads: 1 }, input_scanners: [{ type: "InvisibleText" }], auth },
      logger: silentLogger,
    });
    bearer = await createGuardApi(config({ type: "http_bearer", token }));
    basic = await createGuardApi(config({ type: "http_basic", username: "guard", password }));
  });
  afterAll(async () => {
    await bearer?.close();
    await basic?.close();
  });

  const scan = (app: FastifyInstance, authorization: string) =>
    app.inject({
      method: "POST",
      url: "/analyze/prompt",
      headers: { authorization, "content-type": "application/json" },
      payload: { prompt: "hello" },
    });
  const basicAuth = (user: string, secret: string) =>
    `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;

  it("compares a bearer token in constant time over equal-length digests", async () => {
    expect((await scan(bearer, `Bearer ${token}`)).statusCode).toBe(200);
    expectDigestComparisons(1);
    for (const guess of guessesFor(token)) {
      timingSafeEqual.mockClear();
      expect((await scan(bearer, `Bearer ${guess}`)).statusCode, guess.slice(0, 40)).toBe(401);
      expectDigestComparisons(1);
    }
  });

  it("compares user name and password both, always, so timing does not tell which was wrong", async () => {
    expect((await scan(basic, basicAuth("guard", password))).statusCode).toBe(200);
    expectDigestComparisons(2);
    for (const [user, secret] of [
      ["nobody", password],
      ["guard", `${password.slice(0, -1)}x`],
      ["x", "y"],
    ] as const) {
      timingSafeEqual.mockClear();
      expect((await scan(basic, basicAuth(user, secret))).statusCode).toBe(401);
      expectDigestComparisons(2);
    }
  });
});
