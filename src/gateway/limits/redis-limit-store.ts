import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Admission, KeyLimits, LimitKind, LimitStore, LimitUse } from "./limit-store.js";

// One script per request: the check and the count happen atomically on Redis, with Redis's own
// clock, so replicas with skewed clocks still share one window.
// Returns {allowed, refusedBy (0 none, 1 requests, 2 tokens, 3 parallel), retryMs,
//          requestsUsed, requestsResetMs, tokensUsed, tokensResetMs}.
const admitScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rpm, tpm, par = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local tokReset = 60000 - (now % 60000)
local tokUsed = 0
if tpm > 0 then
  tokUsed = tonumber(redis.call('GET', KEYS[2] .. ':' .. math.floor(now / 60000)) or '0')
  if tokUsed >= tpm then return {0, 2, tokReset, 0, 0, tokUsed, tokReset} end
end
local reqUsed, reqReset = 0, 0
if rpm > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60000)
  reqUsed = redis.call('ZCARD', KEYS[1])
  if reqUsed >= rpm then
    local oldest = redis.call('ZRANGE', KEYS[1], reqUsed - rpm, reqUsed - rpm, 'WITHSCORES')
    local wait = tonumber(oldest[2]) + 60000 - now
    return {0, 1, wait, reqUsed, wait, tokUsed, tokReset}
  end
end
if par > 0 then
  local running = redis.call('INCR', KEYS[3])
  redis.call('PEXPIRE', KEYS[3], 600000)
  if running > par then
    redis.call('DECR', KEYS[3])
    return {0, 3, 1000, reqUsed, 0, tokUsed, tokReset}
  end
end
if rpm > 0 then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], 60000)
  reqUsed = reqUsed + 1
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  reqReset = tonumber(first[2]) + 60000 - now
end
return {1, 0, 0, reqUsed, reqReset, tokUsed, tokReset}
`;

const finishScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tokens = tonumber(ARGV[1])
if tokens > 0 then
  local key = KEYS[2] .. ':' .. math.floor(now / 60000)
  redis.call('INCRBY', key, tokens)
  redis.call('PEXPIRE', key, 120000)
end
if ARGV[2] == '1' and redis.call('DECR', KEYS[3]) < 0 then redis.call('SET', KEYS[3], 0) end
return 0
`;

const refusals: Record<number, LimitKind> = { 1: "requests", 2: "tokens", 3: "parallel" };

function keysOf(prefix: string, tokenId: string): [string, string, string] {
  // The hash tag keeps one key's counters in one slot of a Redis Cluster.
  const base = `${prefix}limit:{${tokenId}}`;
  return [`${base}:rpm`, `${base}:tpm`, `${base}:parallel`];
}

function toNumbers(reply: unknown): number[] {
  if (!Array.isArray(reply)) throw new Error("the limit script answered no array");
  return reply.map(Number);
}

/**
 * A {@link LimitStore} on Redis, shared by every gateway replica that names the same Redis and
 * `redis_key_prefix`.
 *
 * @example
 * const store = createRedisLimitStore(await connectRedis(url, logger, "limits"), "ragguard:");
 */
export function createRedisLimitStore(redis: Redis, prefix: string): LimitStore {
  return {
    shared: true,
    async admit(tokenId, limits: KeyLimits): Promise<Admission> {
      const [allowed, refused, retryMs, reqUsed, reqReset, tokUsed, tokReset] = toNumbers(
        await redis.eval(
          admitScript,
          3,
          ...keysOf(prefix, tokenId),
          limits.rpm ?? 0,
          limits.tpm ?? 0,
          limits.parallel ?? 0,
          randomUUID(),
        ),
      );
      const requests: LimitUse | undefined =
        limits.rpm === null
          ? undefined
          : {
              limit: limits.rpm,
              remaining: Math.max(0, limits.rpm - (reqUsed ?? 0)),
              resetMs: reqReset ?? 0,
            };
      const tokens: LimitUse | undefined =
        limits.tpm === null
          ? undefined
          : {
              limit: limits.tpm,
              remaining: Math.max(0, limits.tpm - (tokUsed ?? 0)),
              resetMs: tokReset ?? 0,
            };
      if (allowed === 1) return { allowed: true, requests, tokens };
      return {
        allowed: false,
        refusedBy: refusals[refused ?? 1] ?? "requests",
        retryAfterMs: retryMs ?? 1000,
        requests,
        tokens,
      };
    },
    async finish(tokenId, limits, used) {
      const countTokens = limits.tpm !== null && used > 0;
      if (!countTokens && limits.parallel === null) return;
      await redis.eval(
        finishScript,
        3,
        ...keysOf(prefix, tokenId),
        countTokens ? used : 0,
        limits.parallel === null ? "0" : "1",
      );
    },
  };
}
