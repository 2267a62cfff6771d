/** Per-key requests-per-minute counter over a sliding one-minute window (per instance). */
export interface RpmLimiter {
  /** Record one request; false when the key is already at its limit this minute. */
  take(tokenId: string, limit: number): boolean;
}

/** Create an in-memory {@link RpmLimiter}. */
export function createRpmLimiter(now: () => number = Date.now): RpmLimiter {
  const windows = new Map<string, number[]>();
  return {
    take(tokenId, limit) {
      const since = now() - 60_000;
      const recent = (windows.get(tokenId) ?? []).filter((at) => at > since);
      if (recent.length >= limit) {
        windows.set(tokenId, recent);
        return false;
      }
      recent.push(now());
      windows.set(tokenId, recent);
      return true;
    },
  };
}
