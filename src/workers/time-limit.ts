/**
 * The time limit of one pool task: a timer and the abort signal piscina listens to. It has the
 * two methods and the `aborted` flag piscina reads, and nothing else: an `AbortController` (an
 * `EventTarget` and a `DOMException` reason) per scan was a measurable share of the main thread's
 * work per request, for a signal that almost never fires.
 */
export class TimeLimit {
  /** True once the time has passed. */
  aborted = false;
  private listener: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.timer = setTimeout(() => {
      this.aborted = true;
      const listener = this.listener;
      this.listener = undefined;
      listener?.();
    }, ms);
  }

  /** Piscina's hook: `listener` runs once when the time passes (only one listener is kept). */
  addEventListener(_name: "abort", listener: () => void): void {
    this.listener = listener;
  }

  removeEventListener(_name: "abort", listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }

  /** Stop the timer (the task settled in time). */
  clear(): void {
    clearTimeout(this.timer);
    this.listener = undefined;
  }
}
