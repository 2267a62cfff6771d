import type { AbortHandle } from "../http/index.js";
import type { Timed } from "./deadlines.js";

/**
 * A plain abort handle with a timeout: one object per call instead of an `AbortController`, its
 * `AbortSignal` (an `EventTarget`) and a `Timeout` — call state that V8 has to copy, or promote,
 * when a scavenge finds the call in flight. It is its own entry in a shared `DeadlineList`
 * (`deadlines.ts`); subclasses add themselves to the list of their timeout length and say what a
 * timeout's reason is.
 */
export abstract class TimedAbort implements AbortHandle, Timed {
  aborted = false;
  reason: unknown = undefined;
  timedOut = false;
  deadlineAt = 0;
  prevTimed: Timed | undefined = undefined;
  nextTimed: Timed | undefined = undefined;
  timedList: Timed["timedList"] = undefined;
  /** The one listener most calls have (the HTTP request); any more go to `more`. */
  private first: (() => void) | undefined = undefined;
  private more: Array<() => void> | undefined = undefined;

  /** The reason a timeout aborts with. */
  protected abstract timeoutReason(): unknown;

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
    this.settle();
    const { first, more } = this;
    this.first = undefined;
    this.more = undefined;
    first?.();
    if (more !== undefined) for (const listener of more) listener();
  }

  /** Stop the timeout. */
  clearDeadline(): void {
    this.timedList?.remove(this);
  }

  /** The timeout passed. */
  expire(): void {
    if (this.aborted) return;
    this.timedOut = true;
    this.abort(this.timeoutReason());
  }

  /** Run once the handle aborts: by default stop the timeout. */
  protected settle(): void {
    this.clearDeadline();
  }
}
