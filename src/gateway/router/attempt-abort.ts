import type { Deployment } from "../config/resolve.js";
import { UpstreamError } from "../errors.js";
import { deadlineList } from "./deadlines.js";
import { TimedAbort } from "./timed-abort.js";

function timeoutError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: no answer within ${deployment.timeoutMs / 1000}s`,
    { provider: deployment.provider, status: 504, retryable: true },
  );
}

/**
 * The abort of one upstream attempt: aborted when the client goes away, when the deployment's
 * timeout passes (`timedOut`, reason a retryable 504), or by `abort` (a stalled stream). The
 * timeout is an entry in the shared list of the deployment's timeout length; `clearDeadline`
 * stops it once the attempt answered or its stream's first event arrived.
 */
export class AttemptAbort extends TimedAbort {
  constructor(private readonly deployment: Deployment) {
    super();
    deadlineList(deployment.timeoutMs).add(this);
  }

  protected timeoutReason(): UpstreamError {
    return timeoutError(this.deployment);
  }
}
