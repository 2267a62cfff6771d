import type { ServerResponse } from "node:http";

/**
 * The client's side of a model call, as the router and its attempts watch it: aborted when the
 * client's connection closes before the answer was written.
 */
export interface ClientAbort {
  readonly aborted: boolean;
  /** Why it was aborted (the error an attempt aborts with). */
  readonly reason: unknown;
  /** Call `listener` once when the client goes away; returns a function that stops watching. */
  onAbort(listener: () => void): () => void;
}

/**
 * Watch a client connection. Plain callbacks for the router's attempts; an `AbortSignal` (an
 * `EventTarget`, dearer to make and to listen on) only when something asks for `signal` (the
 * pre-call hooks, a streamed answer).
 */
export class ClientConnection implements ClientAbort {
  aborted = false;
  reason: unknown;
  private controller: AbortController | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(raw: ServerResponse) {
    raw.on("close", () => {
      if (!raw.writableFinished) this.abort(new Error("client disconnected"));
    });
  }

  /** Aborted when the client goes away. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  onAbort(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
  }
}
