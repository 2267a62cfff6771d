import type { Abortable } from "./client.js";

const once = { once: true } as const;

/** Call `listener` once when `signal` aborts (an `AbortSignal` or an {@link AbortHandle}). */
export function watchAbort(signal: Abortable, listener: () => void): void {
  if (signal instanceof AbortSignal) signal.addEventListener("abort", listener, once);
  else signal.onAbort(listener);
}

/** Undo {@link watchAbort}. */
export function unwatchAbort(signal: Abortable, listener: () => void): void {
  if (signal instanceof AbortSignal) signal.removeEventListener("abort", listener);
  else signal.offAbort(listener);
}

/** The error a request aborted by `signal` fails with. */
export function abortReason(signal: Abortable): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("aborted");
}

/**
 * A real `AbortSignal` for APIs that need one (`fetch`), made from `signal` only when it is an
 * {@link AbortHandle}; it follows the handle until the handle aborts or is dropped.
 */
export function toAbortSignal(signal: Abortable | undefined): AbortSignal | undefined {
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.onAbort(() => controller.abort(signal.reason));
  return controller.signal;
}
