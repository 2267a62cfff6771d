import type { ServerResponse } from "node:http";

/**
 * A signal that aborts when the client's connection closes before its answer was written
 * (reason: "client disconnected"). The router's attempts, the pre-call hooks and a streamed
 * answer all watch it.
 */
export function clientSignal(raw: ServerResponse): AbortSignal {
  const controller = new AbortController();
  raw.once("close", () => {
    if (!raw.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}
