import { AbortListeners } from "../http/abort-listeners.js";
import type { Timed } from "./deadlines.js";

/**
 * A plain abort handle with a timeout: one object per call instead of an `AbortController`, its
 * `AbortSignal` (an `EventTarget`) and a `Timeout` — call state that V8 has to copy, or promote,
 * when a scavenge finds the call in flight. It is its own entry in a shared `DeadlineList`
 * (`deadlines.ts`); subclasses add themselves to the list of their timeout length and say what a
 * timeout's reason is.
 */
export abstract class TimedAbort extends AbortListeners implements Timed {
  timedOut = false;
  deadlineAt = 0;
  prevTimed: Timed | undefined = undefined;
  nextTimed: Timed | undefined = undefined;
  timedList: Timed["timedList"] = undefined;

  /** The reason a timeout aborts with. */
  protected abstract timeoutReason(): unknown;

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

  /** Aborted: stop the timeout. */
  protected override settle(): void {
    this.clearDeadline();
  }
}
