import type { Socket } from "node:net";

/** One signal per client connection, made on its first scan (see {@link connectionGone}). */
const signals = new WeakMap<Socket, AbortSignal>();

/**
 * An `AbortSignal` aborted when `socket` closes: every scan still running for a client that hung
 * up is cancelled. One per connection, not per request: a keep-alive client sends many requests
 * on one socket, and an `AbortController` with its listener costs more than the rest of a
 * request's own bookkeeping. Scans that were answered before the close have let go of it.
 *
 * @example
 * await pool.scan(prompt, { signal: connectionGone(request.raw.socket) });
 */
export function connectionGone(socket: Socket): AbortSignal {
  const known = signals.get(socket);
  if (known !== undefined) return known;
  const controller = new AbortController();
  const abort = () => controller.abort(new Error("client disconnected"));
  if (socket.destroyed) abort();
  else socket.once("close", abort);
  signals.set(socket, controller.signal);
  return controller.signal;
}
