import type { ProviderName } from "../config/schema.js";
import type { CallContext, JsonObject, ProviderAdapter, UpstreamResult } from "./types.js";
import { readJsonAnswer, readSSEJson, sendUpstream } from "./upstream.js";

/** How the key travels: `Authorization: Bearer`, Azure's `api-key` header, or not at all. */
export type AuthStyle = "bearer" | "api-key" | "none";

/** Endpoints of the OpenAI API, relative to the base URL. */
export const openAIPaths = {
  chat: "/chat/completions",
  completion: "/completions",
  embedding: "/embeddings",
  transcription: "/audio/transcriptions",
  responses: "/responses",
} as const;
export type OpenAIPathKind = keyof typeof openAIPaths;

export interface OpenAICompatibleOptions {
  name: ProviderName;
  /** Default base URL (with its `/v1`); undefined when `api_base` is required. */
  baseUrl: string | undefined;
  /** Env variable with the default key. */
  keyEnv: string | undefined;
  auth: AuthStyle;
  /** Whether a key is required (false for local servers such as Ollama). */
  requiresKey?: boolean;
  /** Request fields this provider rejects; dropped before sending. */
  dropParams?: readonly string[];
  /** Full URL of an endpoint; the default is `<base><path>`. */
  buildUrl?: (kind: OpenAIPathKind, ctx: CallContext, base: string) => string;
}

function authHeaders(auth: AuthStyle, apiKey: string | undefined): Record<string, string> {
  if (apiKey === undefined || auth === "none") return {};
  return auth === "bearer" ? { authorization: `Bearer ${apiKey}` } : { "api-key": apiKey };
}

/**
 * Build the adapter of a provider that speaks the OpenAI API: the body goes through unchanged
 * (minus `dropParams`), the answer comes back unchanged, streams are relayed chunk by chunk.
 *
 * @example
 * export const groq = openAICompatible({
 *   name: "groq", baseUrl: "https://api.groq.com/openai/v1", keyEnv: "GROQ_API_KEY", auth: "bearer",
 * });
 */
export function openAICompatible(options: OpenAICompatibleOptions): ProviderAdapter {
  const url = (kind: OpenAIPathKind, ctx: CallContext): string => {
    const base = ctx.deployment.apiBase ?? options.baseUrl ?? "";
    return options.buildUrl ? options.buildUrl(kind, ctx, base) : `${base}${openAIPaths[kind]}`;
  };
  const call = async (
    kind: OpenAIPathKind,
    body: JsonObject | FormData,
    ctx: CallContext,
  ): Promise<UpstreamResult> => {
    if (!(body instanceof FormData)) {
      for (const param of options.dropParams ?? []) delete body[param];
    }
    const headers = authHeaders(options.auth, ctx.apiKey);
    const request = { provider: options.name, url: url(kind, ctx), headers, body };
    const response = await sendUpstream(request, ctx);
    const isStream = !(body instanceof FormData) && body.stream === true;
    if (isStream) return { stream: true, events: readSSEJson(response, options.name) };
    const contentType = response.header("content-type") ?? "";
    if (body instanceof FormData && !/\bjson\b/i.test(contentType)) {
      // A transcription asked as text, srt or vtt: the answer is that text, passed on as is.
      const text = await response.text();
      return { stream: false, body: { text }, text, contentType: contentType || "text/plain" };
    }
    const answer = await readJsonAnswer(response, options.name);
    return { stream: false, body: answer.body, text: answer.text };
  };
  return {
    name: options.name,
    keyEnv: options.keyEnv,
    requiresKey: options.requiresKey ?? options.auth !== "none",
    requiresApiBase: options.baseUrl === undefined,
    chat: (body, ctx) => call("chat", body, ctx),
    completion: (body, ctx) => call("completion", body, ctx),
    embedding: (body, ctx) => call("embedding", body, ctx),
    transcription: (form, ctx) => call("transcription", form, ctx),
    responses: (body, ctx) => call("responses", body, ctx),
  };
}
