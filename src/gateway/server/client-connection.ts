import type { ServerResponse } from "node:http";
import type { AbortHandle } from "../http/index.js";

/**
 * The client's side of a model call, as the router and its attempts watch it: aborted when the
 * client's connection closes before the answer was written (`reason` is the error an attempt
 * aborts with).
 */
export type ClientAbort = AbortHandle;

/**
 * Watch a client connection. Plain callbacks for the router's attempts; an `AbortSignal` (an
 * `EventTarget`, dearer to make and to listen on) only when something asks for `signal` (the
 * pre-call hooks, a streamed answer).
 */
export class ClientConnection implements ClientAbort {
  aborted = false;
  reason: unknown;
  private controller: AbortController | undefined;
  private listeners: Array<() => void> | undefined;

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

  onAbort(listener: () => void): void {
    if (this.aborted) return;
    if (this.listeners === undefined) this.listeners = [listener];
    else this.listeners.push(listener);
  }

  offAbort(listener: () => void): void {
    const index = this.listeners?.indexOf(listener) ?? -1;
    if (index >= 0) this.listeners?.splice(index, 1);
  }

  private abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners !== undefined) for (const listener of listeners) listener();
  }
}
