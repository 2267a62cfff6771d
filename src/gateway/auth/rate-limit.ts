/** Per-key requests-per-minute counter over a sliding one-minute window (per instance). */
export interface RpmLimiter {
  /**
   * Record one request. Resolves to 0 when it is allowed, else the whole seconds until the
   * oldest request of the window leaves it (what `Retry-After` should say).
   */
  take(tokenId: string, limit: number): number;
}

const windowMs = 60_000;

/** Create an in-memory {@link RpmLimiter}. */
export function createRpmLimiter(now: () => number = Date.now): RpmLimiter {
  const windows = new Map<string, number[]>();
  return {
    take(tokenId, limit) {
      const at = now();
      const recent = (windows.get(tokenId) ?? []).filter((time) => time > at - windowMs);
      windows.set(tokenId, recent);
      if (recent.length >= limit) {
        const oldest = recent[recent.length - limit] ?? at;
        return Math.max(1, Math.ceil((oldest + windowMs - at) / 1000));
      }
      recent.push(at);
      return 0;
    },
  };
}
