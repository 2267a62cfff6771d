import type { CallContext } from "../types.js";

/** Google's Generative Language API, used when `api_base` is absent. */
export const geminiBaseUrl = "https://generativelanguage.googleapis.com/v1beta";

/** `<base>/models/<model>:<method>`; the key travels in a header, never in the URL. */
export function geminiUrl(ctx: CallContext, method: string, query = ""): string {
  const base = ctx.deployment.apiBase ?? geminiBaseUrl;
  const id = ctx.deployment.modelId.replace(/^models\//, "");
  return `${base}/models/${encodeURIComponent(id)}:${method}${query}`;
}

/** The key as `x-goog-api-key`. */
export function geminiHeaders(ctx: CallContext): Record<string, string> {
  return ctx.apiKey === undefined ? {} : { "x-goog-api-key": ctx.apiKey };
}
