import type { Logger } from "../../common/logger.js";
import type { Deployment } from "../config/resolve.js";
import { UpstreamError } from "../errors.js";
import type { HttpClient } from "../http/index.js";
import type { CallContext, ProviderAdapter, UpstreamResult } from "../providers/types.js";
import { failWhenIdle } from "./idle-watch.js";
import { peekFirst } from "./peek.js";

/** One attempt against one deployment; the router supplies the context (signal, key, client). */
export type Attempt = (adapter: ProviderAdapter, ctx: CallContext) => Promise<UpstreamResult>;

export interface AttemptDeps {
  readonly adapter: ProviderAdapter;
  readonly apiKey: string | undefined;
  readonly http: HttpClient;
  readonly logger: Logger;
}

function timeoutError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: no answer within ${deployment.timeoutMs / 1000}s`,
    { provider: deployment.provider, status: 504, retryable: true },
  );
}

function stalledError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: the stream stalled (no event within ${deployment.timeoutMs / 1000}s)`,
    { provider: deployment.provider, status: 504, retryable: false },
  );
}

/**
 * Run one attempt under the deployment's timeout. A stream counts as answered once its first
 * event arrived; from there the timeout bounds the wait between events. The client's going
 * away aborts it at any time.
 */
export async function runAttempt(
  deployment: Deployment,
  client: AbortSignal,
  attempt: Attempt,
  deps: AttemptDeps,
): Promise<UpstreamResult> {
  // Aborted by the deployment's timeout (a retryable 504) or a stalled stream; `signal` also
  // follows the client's going away.
  const own = new AbortController();
  const timer = setTimeout(() => own.abort(timeoutError(deployment)), deployment.timeoutMs);
  const signal = AbortSignal.any([client, own.signal]);
  const upstreamHeaders: Record<string, string> = {};
  const ctx = {
    deployment,
    apiKey: deps.apiKey,
    signal,
    http: deps.http,
    logger: deps.logger,
    upstreamHeaders,
  };
  try {
    const result = await attempt(deps.adapter, ctx);
    if (!result.stream) return { ...result, headers: upstreamHeaders };
    const peeked = await peekFirst(result.events);
    // Answered: from here the timeout bounds the wait between two events (a stalled stream ends
    // with an error event); the client keeps being watched until it goes away.
    clearTimeout(timer);
    const events = failWhenIdle(peeked.events, deployment.timeoutMs, () => {
      const error = stalledError(deployment);
      own.abort(error);
      return error;
    });
    return { stream: true, events, headers: upstreamHeaders };
  } catch (error) {
    if (!client.aborted && own.signal.aborted) throw own.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
