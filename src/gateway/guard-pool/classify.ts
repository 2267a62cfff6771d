import type { AttemptFailure } from "./guard-pool.js";

/** Socket error codes that mean "nobody answered there": another base may. */
const connectionCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
]);

function isConnectionError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && connectionCodes.has(code)) return true;
  if (/socket hang up/i.test(error.message)) return true;
  return isConnectionError(error.cause, depth + 1);
}

/**
 * Classify a failed guard call: a connection failure (retried on another base), another
 * failure of the guard (an error status, a bad body: counts toward unhealthy), or anything else
 * (a timeout or the client going away: neither retried nor counted).
 */
export function classifyGuardFailure(error: unknown): AttemptFailure {
  if (isConnectionError(error)) return "connection";
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  // A guard that times out is busy, not gone: its own timeout says so, and it stays in the pool.
  if (code === "guard_unavailable" && !/no answer within/.test(message)) return "failure";
  return "other";
}
