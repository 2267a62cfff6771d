import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LimitStore } from "../../../src/gateway/limits/limit-store.js";
import { createMemoryLimitStore } from "../../../src/gateway/limits/memory-limit-store.js";
import { formatResetDuration, rateLimitHeaders } from "../../../src/gateway/limits/rate-headers.js";
import { createRedisLimitStore } from "../../../src/gateway/limits/redis-limit-store.js";
import { createTestRedis, type TestRedis } from "../../fleet/fleet-services.js";

let redis: TestRedis | string;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(async () => {
  if (typeof redis !== "string") await redis.dispose();
});

const none = { rpm: null, tpm: null, parallel: null };
let counter = 0;
const freshKey = () => `key-${process.pid}-${++counter}`;

// The same behaviour from both stores; Redis's is shared by every replica using it.
describe.each([
  ["memory", () => createMemoryLimitStore()],
  [
    "redis",
    () => {
      if (typeof redis === "string") return redis;
      return createRedisLimitStore(redis.client, redis.prefix);
    },
  ],
] as const)("%s limit store", (_name, make) => {
  function store(skip: () => void): LimitStore {
    const made = make();
    if (typeof made === "string") {
      console.warn(`skipped: ${made}`);
      skip();
    }
    return made as LimitStore;
  }

  it("admits exactly rpm_limit of many concurrent requests", async ({ skip }) => {
    const limits = store(skip);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => limits.admit(key, { ...none, rpm: 10 })),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    const refused = answers.find((a) => !a.allowed);
    expect(refused).toMatchObject({ allowed: false, refusedBy: "requests" });
    expect(refused?.allowed === false && refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused?.allowed === false && refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("counts tokens after the call and refuses once tpm_limit is used", async ({ skip }) => {
    const limits = store(skip);
    const key = freshKey();
    const tpm = { ...none, tpm: 100 };
    const first = await limits.admit(key, tpm);
    expect(first).toMatchObject({ allowed: true, tokens: { limit: 100, remaining: 100 } });
    await limits.finish(key, tpm, 60);
    expect(await limits.admit(key, tpm)).toMatchObject({ tokens: { remaining: 40 } });
    await limits.finish(key, tpm, 60);
    expect(await limits.admit(key, tpm)).toMatchObject({ allowed: false, refusedBy: "tokens" });
  });

  it("frees a parallel slot when a call finishes", async ({ skip }) => {
    const limits = store(skip);
    const key = freshKey();
    const one = { ...none, parallel: 1 };
    expect((await limits.admit(key, one)).allowed).toBe(true);
    expect(await limits.admit(key, one)).toMatchObject({ allowed: false, refusedBy: "parallel" });
    await limits.finish(key, one, 0);
    expect((await limits.admit(key, one)).allowed).toBe(true);
  });

  it("keeps keys apart", async ({ skip }) => {
    const limits = store(skip);
    const [a, b] = [freshKey(), freshKey()];
    expect((await limits.admit(a, { ...none, rpm: 1 })).allowed).toBe(true);
    expect((await limits.admit(a, { ...none, rpm: 1 })).allowed).toBe(false);
    expect((await limits.admit(b, { ...none, rpm: 1 })).allowed).toBe(true);
  });
});

describe("OpenAI rate-limit headers", () => {
  it("writes reset durations as OpenAI does", () => {
    expect(formatResetDuration(20)).toBe("20ms");
    expect(formatResetDuration(1500)).toBe("1.5s");
    expect(formatResetDuration(360_000)).toBe("6m0s");
    expect(formatResetDuration(-5)).toBe("0ms");
  });

  it("names limit, remaining and reset per kind", () => {
    expect(
      rateLimitHeaders({
        requests: { limit: 10, remaining: 9, resetMs: 6000 },
        tokens: { limit: 1000, remaining: 990, resetMs: 30_000 },
      }),
    ).toEqual({
      "x-ratelimit-limit-requests": "10",
      "x-ratelimit-remaining-requests": "9",
      "x-ratelimit-reset-requests": "6s",
      "x-ratelimit-limit-tokens": "1000",
      "x-ratelimit-remaining-tokens": "990",
      "x-ratelimit-reset-tokens": "30s",
    });
  });
});
