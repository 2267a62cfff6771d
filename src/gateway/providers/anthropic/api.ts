import type { CallContext } from "../types.js";

/** Anthropic's public endpoint, used when `api_base` is absent. */
export const anthropicBaseUrl = "https://api.anthropic.com";
/** The Messages API version header value. */
export const anthropicVersion = "2023-06-01";

/** `<base>/v1/messages`, accepting an `api_base` given with or without `/v1`. */
export function messagesUrl(ctx: CallContext): string {
  const base = ctx.deployment.apiBase ?? anthropicBaseUrl;
  return base.endsWith("/v1") ? `${base}/messages` : `${base}/v1/messages`;
}

/** Headers of a Messages call: the key as `x-api-key` and the API version. */
export function anthropicHeaders(ctx: CallContext): Record<string, string> {
  const headers: Record<string, string> = { "anthropic-version": anthropicVersion };
  if (ctx.apiKey !== undefined) headers["x-api-key"] = ctx.apiKey;
  return headers;
}
