import { type Admission, type LimitStore, type LimitUse, minuteMs } from "./limit-store.js";

/**
 * A {@link LimitStore} in this process's memory: without `redis_url`, every replica counts on its
 * own, so a fleet of N lets N times each limit through.
 *
 * @example
 * const store = createMemoryLimitStore();
 */
export function createMemoryLimitStore(now: () => number = Date.now): LimitStore {
  const requests = new Map<string, number[]>();
  const tokens = new Map<string, { minute: number; used: number }>();
  const parallel = new Map<string, number>();

  const tokenUse = (tokenId: string, at: number, limit: number): LimitUse => {
    const minute = Math.floor(at / minuteMs);
    const entry = tokens.get(tokenId);
    const used = entry?.minute === minute ? entry.used : 0;
    return { limit, remaining: Math.max(0, limit - used), resetMs: minuteMs - (at % minuteMs) };
  };

  return {
    shared: false,
    async admit(tokenId, limits): Promise<Admission> {
      const at = now();
      const tokenState = limits.tpm === null ? undefined : tokenUse(tokenId, at, limits.tpm);
      if (tokenState !== undefined && tokenState.remaining === 0) {
        return {
          allowed: false,
          refusedBy: "tokens",
          retryAfterMs: tokenState.resetMs,
          tokens: tokenState,
        };
      }
      const recent = (requests.get(tokenId) ?? []).filter((time) => time > at - minuteMs);
      requests.set(tokenId, recent);
      if (limits.rpm !== null && recent.length >= limits.rpm) {
        const oldest = recent[recent.length - limits.rpm] ?? at;
        const resetMs = oldest + minuteMs - at;
        return {
          allowed: false,
          refusedBy: "requests",
          retryAfterMs: resetMs,
          requests: { limit: limits.rpm, remaining: 0, resetMs },
        };
      }
      const running = parallel.get(tokenId) ?? 0;
      if (limits.parallel !== null && running >= limits.parallel) {
        return { allowed: false, refusedBy: "parallel", retryAfterMs: 1000 };
      }
      if (limits.parallel !== null) parallel.set(tokenId, running + 1);
      if (limits.rpm === null) return { allowed: true, tokens: tokenState };
      recent.push(at);
      const first = recent[0] ?? at;
      return {
        allowed: true,
        requests: {
          limit: limits.rpm,
          remaining: limits.rpm - recent.length,
          resetMs: first + minuteMs - at,
        },
        tokens: tokenState,
      };
    },
    async finish(tokenId, limits, used) {
      if (limits.parallel !== null) {
        parallel.set(tokenId, Math.max(0, (parallel.get(tokenId) ?? 1) - 1));
      }
      if (limits.tpm === null || used <= 0) return;
      const minute = Math.floor(now() / minuteMs);
      const entry = tokens.get(tokenId);
      tokens.set(tokenId, { minute, used: (entry?.minute === minute ? entry.used : 0) + used });
    },
  };
}
