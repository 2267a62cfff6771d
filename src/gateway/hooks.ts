import type { IncomingHttpHeaders } from "node:http";
import type { Registry } from "prom-client";
import type { Logger } from "../common/logger.js";
import type { Caller } from "./auth/authenticate.js";
import type { GatewaySettings } from "./config/schema.js";
import type { HttpClient } from "./http/index.js";
import type { RouteKind } from "./providers/types.js";

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
 * A hook awaited before any provider call. To reject the call, throw an `AppError` (its status
 * and message reach the client in the route's error shape); to let it through, return.
 */
export type BeforeProviderCall = (ctx: ProviderCallContext) => void | Promise<void>;

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
}) => BeforeProviderCall;

/** Run the hooks in order; the first that throws stops the call. */
export async function runBeforeProviderCall(
  hooks: readonly BeforeProviderCall[],
  ctx: ProviderCallContext,
): Promise<void> {
  for (const hook of hooks) await hook(ctx);
}
