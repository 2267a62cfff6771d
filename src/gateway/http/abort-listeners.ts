import type { AbortHandle } from "./client.js";

/**
 * A plain {@link AbortHandle}: `aborted`, `reason` and listeners, without an `EventTarget`.
 * `abort(reason)` runs `settle()` (for subclasses: stop a timer, abort a signal made on demand)
 * and then the listeners, in the order they were added; the first call wins.
 */
export class AbortListeners implements AbortHandle {
  aborted = false;
  reason: unknown = undefined;
  /** The one listener most calls have (the HTTP request); any more go to `more`. */
  private first: (() => void) | undefined = undefined;
  private more: Array<() => void> | undefined = undefined;

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

  /** Run once, when the handle aborts, before the listeners. */
  protected settle(): void {}
}
