import type { Logger } from "../../common/logger.js";
import type { Deployment } from "../config/resolve.js";
import { UpstreamError } from "../errors.js";
import type { CallContext, ProviderAdapter, UpstreamResult } from "../providers/types.js";
import { peekFirst } from "./peek.js";

/** One attempt against one deployment; the router supplies the context (signal, key, fetch). */
export type Attempt = (adapter: ProviderAdapter, ctx: CallContext) => Promise<UpstreamResult>;

export interface AttemptDeps {
  readonly adapter: ProviderAdapter;
  readonly apiKey: string | undefined;
  readonly fetch: typeof fetch;
  readonly logger: Logger;
}

function timeoutError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: no answer within ${deployment.timeoutMs / 1000}s`,
    { provider: deployment.provider, status: 504, retryable: true },
  );
}

/**
 * Run one attempt under the deployment's timeout. A stream counts as answered once its first
 * event arrived (the timeout stops there); the client's signal aborts it at any time.
 */
export async function runAttempt(
  deployment: Deployment,
  client: AbortSignal,
  attempt: Attempt,
  deps: AttemptDeps,
): Promise<UpstreamResult> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(timeoutError(deployment)), deployment.timeoutMs);
  const signal = AbortSignal.any([client, timer.signal]);
  const ctx = { deployment, apiKey: deps.apiKey, signal, fetch: deps.fetch, logger: deps.logger };
  try {
    const result = await attempt(deps.adapter, ctx);
    if (!result.stream) return result;
    const peeked = await peekFirst(result.events);
    return { stream: true, events: peeked.events };
  } catch (error) {
    if (!client.aborted && timer.signal.aborted) throw timer.signal.reason;
    throw error;
  } finally {
    clearTimeout(handle);
  }
}
