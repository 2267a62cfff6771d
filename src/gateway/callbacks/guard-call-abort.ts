import { type Abortable, type AbortHandle, unwatchAbort, watchAbort } from "../http/index.js";
import { deadlineList, type Timed } from "../router/deadlines.js";

/**
 * The abort of one guard API call: aborted when the gateway's client goes away (`client`) or when
 * `timeoutMs` passes (`timedOut`). A plain object handed to the HTTP client instead of an
 * `AbortController`, its `AbortSignal` (an `EventTarget`) and a `Timeout`; the timeout is an entry
 * in the shared list of its length. Call {@link GuardCallAbort.done} once the answer is read.
 */
export class GuardCallAbort implements AbortHandle, Timed {
  aborted = false;
  reason: unknown = undefined;
  timedOut = false;
  deadlineAt = 0;
  prevTimed: Timed | undefined = undefined;
  nextTimed: Timed | undefined = undefined;
  timedList: Timed["timedList"] = undefined;
  /** The HTTP request's listener; any more go to `more`. */
  private first: (() => void) | undefined = undefined;
  private more: Array<() => void> | undefined = undefined;
  private readonly onClientAbort: (() => void) | undefined;

  constructor(
    timeoutMs: number,
    private readonly client?: Abortable,
  ) {
    if (client?.aborted) {
      this.abort(client.reason);
      return;
    }
    deadlineList(timeoutMs).add(this);
    if (client !== undefined) {
      this.onClientAbort = () => this.abort(client.reason);
      watchAbort(client, this.onClientAbort);
    }
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

  /** The timeout passed. */
  expire(): void {
    if (this.aborted) return;
    this.timedOut = true;
    this.abort(new Error("guard API timeout"));
  }

  /** The call is over (answered or failed): stop the timeout and stop watching the client. */
  done(): void {
    this.timedList?.remove(this);
    if (this.client !== undefined && this.onClientAbort !== undefined) {
      unwatchAbort(this.client, this.onClientAbort);
    }
  }

  /** Abort with `reason` (first call wins); listeners run in the order they were added. */
  private abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.done();
    const { first, more } = this;
    this.first = undefined;
    this.more = undefined;
    first?.();
    if (more !== undefined) for (const listener of more) listener();
  }
}
