import type { Logger } from "../../common/logger.js";
import type { Deployment } from "../config/resolve.js";
import { UpstreamError } from "../errors.js";
import type { HttpClient } from "../http/index.js";
import type { CallContext, ProviderAdapter, UpstreamResult } from "../providers/types.js";
import type { ClientAbort } from "../server/client-connection.js";
import { AttemptAbort } from "./attempt-abort.js";
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
  client: ClientAbort,
  attempt: Attempt,
  deps: AttemptDeps,
): Promise<UpstreamResult> {
  // One light abort per attempt, fed by the client's going away and the deployment's timeout.
  const abort = new AttemptAbort(deployment);
  const onClientAbort = () => abort.abort(client.reason);
  if (client.aborted) onClientAbort();
  else client.onAbort(onClientAbort);
  const ctx = {
    deployment,
    apiKey: deps.apiKey,
    signal: abort,
    http: deps.http,
    logger: deps.logger,
  };
  let streaming = false;
  try {
    const result = await attempt(deps.adapter, ctx);
    if (!result.stream) return result;
    const peeked = await peekFirst(result.events);
    // The client keeps being watched until it goes away; the timeout then bounds the wait
    // between two events (a stalled stream ends with an error event).
    streaming = true;
    abort.clearDeadline();
    const events = failWhenIdle(peeked.events, deployment.timeoutMs, () => {
      const error = stalledError(deployment);
      abort.abort(error);
      return error;
    });
    return { stream: true, events };
  } catch (error) {
    if (!client.aborted && abort.timedOut) throw abort.reason;
    throw error;
  } finally {
    abort.clearDeadline();
    if (!streaming) client.offAbort(onClientAbort);
  }
}
