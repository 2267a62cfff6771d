import type { ServerResponse } from "node:http";
import { AbortListeners } from "../http/abort-listeners.js";
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
export class ClientConnection extends AbortListeners implements ClientAbort {
  private controller: AbortController | undefined;

  constructor(raw: ServerResponse) {
    super();
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

  /** Aborted: abort the signal too, if one was asked for. */
  protected override settle(): void {
    this.controller?.abort(this.reason);
  }
}
