import type { Deployment } from "../config/resolve.js";
import { UpstreamError } from "../errors.js";
import type { AbortHandle } from "../http/index.js";
import { deadlineList, type Timed } from "./deadlines.js";

function timeoutError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: no answer within ${deployment.timeoutMs / 1000}s`,
    { provider: deployment.provider, status: 504, retryable: true },
  );
}

/**
 * The abort of one upstream attempt: aborted when the client goes away, when the deployment's
 * timeout passes (`timedOut`, reason a retryable 504), or by `abort` (a stalled stream). One
 * plain object per attempt instead of an `AbortController`, its `AbortSignal` (an `EventTarget`)
 * and a `Timeout`: a call's state that V8 has to copy, or promote, when a scavenge finds the
 * call in flight. The timeout is an entry in the shared list of the deployment's timeout length.
 */
export class AttemptAbort implements AbortHandle, Timed {
  aborted = false;
  reason: unknown = undefined;
  timedOut = false;
  deadlineAt = 0;
  prevTimed: Timed | undefined = undefined;
  nextTimed: Timed | undefined = undefined;
  timedList: Timed["timedList"] = undefined;
  /** The one listener most attempts have (the HTTP request); any more go to `more`. */
  private first: (() => void) | undefined = undefined;
  private more: Array<() => void> | undefined = undefined;

  constructor(private readonly deployment: Deployment) {
    deadlineList(deployment.timeoutMs).add(this);
  }

  onAbort(listener: () => void): void {
    if (this.aborted) return;
    if (this.first === undefined) this.first = listener;
    else if (this.more === undefined) this.more = [listener];
    else this.more.push(listener);
  }

  offAbort(listener: () => void): void {
    if (this.first === listener) {
      this.first = this.more?.shift();
      return;
    }
    const index = this.more?.indexOf(listener) ?? -1;
    if (index >= 0) this.more?.splice(index, 1);
  }

  /** Abort with `reason` (first call wins); listeners run in the order they were added. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.clearDeadline();
    const { first, more } = this;
    this.first = undefined;
    this.more = undefined;
    first?.();
    if (more !== undefined) for (const listener of more) listener();
  }

  /** Stop the timeout (the attempt answered, or its stream's first event arrived). */
  clearDeadline(): void {
    this.timedList?.remove(this);
  }

  /** The timeout passed. */
  expire(): void {
    if (this.aborted) return;
    this.timedOut = true;
    this.abort(timeoutError(this.deployment));
  }
}
