import type { IncomingHttpHeaders } from "node:http";
import type { Registry } from "prom-client";
import type { Logger } from "../common/logger.js";
import type { Caller } from "./auth/authenticate.js";
import type { GatewaySettings } from "./config/schema.js";
import type { HttpClient } from "./http/index.js";
import type { LimitStore } from "./limits/limit-store.js";
import type { JsonObject, RouteKind } from "./providers/types.js";

/**
 * What a pre-call hook sees: who calls, which route and model, and the parsed request body.
 * `body` is the client's body in the route's own format (OpenAI or Anthropic), including the
 * gateway-level `metadata` the client sent; a hook may replace fields of it (for example with
 * sanitized text) and the router sends what it finds there afterwards. For
 * `/audio/transcriptions`, `body` holds the form's text fields.
 */
export interface ProviderCallContext {
  readonly route: RouteKind;
  /** The `model_name` the client asked for. */
  readonly model: string;
  readonly caller: Caller;
  body: Record<string, unknown>;
  readonly headers: IncomingHttpHeaders;
  readonly settings: GatewaySettings;
  readonly logger: Logger;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * What a pre-call hook asks of the answer: headers to add, and transforms of the answer (a whole
 * JSON body, or the stream of events, both in the route's format). A transform may throw an
 * `AppError` to refuse the answer (inside a stream, the client gets an error event).
 */
export interface AfterProviderCall {
  readonly headers?: () => Readonly<Record<string, string>>;
  readonly body?: (body: JsonObject) => Promise<JsonObject>;
  readonly events?: (events: AsyncIterable<JsonObject>) => AsyncIterable<JsonObject>;
}

/**
 * A hook awaited before any provider call. To reject the call, throw an `AppError` (its status
 * and message reach the client in the route's error shape); to let it through, return, with an
 * {@link AfterProviderCall} when the answer needs checking too.
 */
export type BeforeProviderCall = (
  ctx: ProviderCallContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that only checks returns nothing
) => void | AfterProviderCall | Promise<void | AfterProviderCall>;

/**
 * Makes the hook of one `gateway_settings.callbacks` entry, once at start (for example
 * `guard_moderations`).
 */
export type CallbackFactory = (deps: {
  settings: GatewaySettings;
  logger: Logger;
  env: Readonly<Record<string, string | undefined>>;
  /** The `fetch` given to `createGateway`, else the global one. */
  fetch: typeof fetch;
  /** The gateway's HTTP client (kept-alive connections), built on that `fetch` when one is given. */
  http: HttpClient;
  /** The gateway's Prometheus registry (served on `/metrics`), for the callback's own metrics. */
  registry: Registry;
  /** The per-key limit counters (shared through Redis when `redis_url` is set). */
  limits?: LimitStore;
}) => BeforeProviderCall;

/** Run the hooks in order; the first that throws stops the call. Returns their answer checks. */
export async function runBeforeProviderCall(
  hooks: readonly BeforeProviderCall[],
  ctx: ProviderCallContext,
): Promise<AfterProviderCall[]> {
  const after: AfterProviderCall[] = [];
  for (const hook of hooks) {
    const next = await hook(ctx);
    if (next) after.push(next);
  }
  return after;
}

/** The headers the answer checks add. */
export function afterHeaders(after: readonly AfterProviderCall[]): Record<string, string> {
  return Object.assign({}, ...after.map((check) => check.headers?.() ?? {}));
}

/** Apply the answer checks to a whole body, in order. */
export async function applyAfterBody(
  after: readonly AfterProviderCall[],
  body: JsonObject,
): Promise<JsonObject> {
  let result = body;
  for (const check of after) if (check.body) result = await check.body(result);
  return result;
}

/** Apply the answer checks to a stream of events, in order. */
export function applyAfterEvents(
  after: readonly AfterProviderCall[],
  events: AsyncIterable<JsonObject>,
): AsyncIterable<JsonObject> {
  let result = events;
  for (const check of after) if (check.events) result = check.events(result);
  return result;
}
