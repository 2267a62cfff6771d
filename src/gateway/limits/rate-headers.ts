import type { LimitUse } from "./limit-store.js";

/**
 * A duration as OpenAI writes it in `x-ratelimit-reset-*`: `20ms`, `1.5s`, `6m0s`.
 *
 * @example
 * formatResetDuration(360_000); // "6m0s"
 */
export function formatResetDuration(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1000) return `${whole}ms`;
  const minutes = Math.floor(whole / 60_000);
  const seconds = Number(((whole % 60_000) / 1000).toFixed(3));
  return minutes === 0 ? `${seconds}s` : `${minutes}m${seconds}s`;
}

/** The `x-ratelimit-*` headers OpenAI sends, for the limits a key has. */
export function rateLimitHeaders(uses: {
  requests?: LimitUse;
  tokens?: LimitUse;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [kind, use] of Object.entries(uses)) {
    if (use === undefined) continue;
    headers[`x-ratelimit-limit-${kind}`] = String(use.limit);
    headers[`x-ratelimit-remaining-${kind}`] = String(use.remaining);
    headers[`x-ratelimit-reset-${kind}`] = formatResetDuration(use.resetMs);
  }
  return headers;
}
