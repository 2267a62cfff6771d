import type { Logger } from "../../common/logger.js";
import type { Deployment } from "../config/resolve.js";
import type { ProviderName } from "../config/schema.js";
import type { HttpClient } from "../http/index.js";

/** A JSON object as it crosses the wire (request or response body). */
export type JsonObject = Record<string, unknown>;

/**
 * What one upstream call produced: a whole JSON body, or a stream of events already in the
 * caller's format (OpenAI chunks, or Anthropic events for a native `/messages` call).
 */
export type UpstreamResult =
  | {
      readonly stream: false;
      readonly body: JsonObject;
      /** The upstream's JSON text when `body` is exactly what it parses to: sent on as is. */
      readonly text?: string;
      /**
       * Set when the upstream answered with something other than JSON (a transcription with
       * `response_format: text`, `srt`, `vtt`): `text` is that answer, `body` is `{text}`.
       */
      readonly contentType?: string;
      /** Upstream headers passed on to the client ({@link passedHeaders}). */
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly stream: true;
      readonly events: AsyncIterable<JsonObject>;
      readonly headers?: Readonly<Record<string, string>>;
    };

/** Upstream response headers the client gets too (on answers and on errors). */
export const passedHeaders = [
  "x-request-id",
  "request-id",
  "retry-after",
  "retry-after-ms",
] as const;

/** Everything a provider needs for one call besides the body. */
export interface CallContext {
  readonly deployment: Deployment;
  /** The deployment's key, or the provider's default env variable's value. */
  readonly apiKey: string | undefined;
  /** Aborted on timeout or when the client goes away (hand it to `http`). */
  readonly signal: AbortSignal;
  readonly http: HttpClient;
  readonly logger: Logger;
  /** Filled with the {@link passedHeaders} of the upstream's answer. */
  readonly upstreamHeaders?: Record<string, string>;
}

/**
 * One provider: how to reach it and how to map the OpenAI-format calls onto its API. Methods a
 * provider lacks are routes it does not serve (400 for a model on that provider).
 */
export interface ProviderAdapter {
  readonly name: ProviderName;
  /** Env variable read when `api_key` is absent from the config. */
  readonly keyEnv: string | undefined;
  /** Whether a call without any key is a config error (false for local servers). */
  readonly requiresKey: boolean;
  /** Whether `api_base` must be given (no public default). */
  readonly requiresApiBase: boolean;
  chat?(body: JsonObject, ctx: CallContext): Promise<UpstreamResult>;
  completion?(body: JsonObject, ctx: CallContext): Promise<UpstreamResult>;
  embedding?(body: JsonObject, ctx: CallContext): Promise<UpstreamResult>;
  transcription?(form: FormData, ctx: CallContext): Promise<UpstreamResult>;
  /** Native Anthropic Messages call (only providers that speak it; others are translated). */
  messages?(body: JsonObject, ctx: CallContext): Promise<UpstreamResult>;
  /** Native OpenAI Responses call (OpenAI-family providers; others are translated via chat). */
  responses?(body: JsonObject, ctx: CallContext): Promise<UpstreamResult>;
}

/** The kinds of call a route makes; `messages` is the Anthropic-format route, `responses` OpenAI's Responses API. */
export const routeKinds = [
  "chat",
  "completion",
  "embedding",
  "transcription",
  "messages",
  "responses",
] as const;
export type RouteKind = (typeof routeKinds)[number];
