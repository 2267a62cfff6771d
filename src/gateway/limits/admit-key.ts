import { AppError } from "../../common/errors.js";
import type { KeyRecord } from "../auth/key-record.js";
import { RateLimitError } from "../errors.js";
import { hasLimits, type KeyLimits, type LimitStore } from "./limit-store.js";
import { rateLimitHeaders } from "./rate-headers.js";

/** An admitted call: headers for its answer, and what to do when it ends. */
export interface KeyAdmission {
  readonly headers: Readonly<Record<string, string>>;
  /** Count the call's tokens (prompt + completion) and free its parallel slot; call once. */
  finish(tokens: number): Promise<void>;
}

const unlimited: KeyAdmission = { headers: {}, finish: async () => {} };

const messages = {
  requests: (limits: KeyLimits) => `Rate limit of ${limits.rpm} requests per minute reached`,
  tokens: (limits: KeyLimits) => `Rate limit of ${limits.tpm} tokens per minute reached`,
  parallel: (limits: KeyLimits) =>
    `Limit of ${limits.parallel} parallel requests for this key reached`,
} as const;

/** The limits of a key record. */
export function limitsOf(record: KeyRecord): KeyLimits {
  return { rpm: record.rpmLimit, tpm: record.tpmLimit, parallel: record.maxParallelRequests };
}

/** Ask the store; a store that cannot answer (Redis down) refuses with 503: limits fail closed. */
async function askStore(store: LimitStore, id: string, limits: KeyLimits) {
  const admission = await store.admit(id, limits).catch((error: unknown) => {
    throw new AppError("The rate-limit store is unreachable; retry later", {
      status: 503,
      code: "rate_limit_store_unavailable",
      expose: true,
      cause: error,
    });
  });
  const headers = rateLimitHeaders(admission);
  return { admission, headers };
}

function retryAfter(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * Admit one call of `record` under its `rpm_limit`, `tpm_limit` and `max_parallel_requests`, or
 * throw 429 with `Retry-After` and `x-ratelimit-*` headers. A store that cannot answer (Redis
 * down) refuses with 503: limits fail closed.
 */
export async function admitKey(store: LimitStore, record: KeyRecord): Promise<KeyAdmission> {
  const limits = limitsOf(record);
  if (!hasLimits(limits)) return unlimited;
  const { admission, headers } = await askStore(store, record.tokenId, limits);
  if (!admission.allowed) {
    throw new RateLimitError(messages[admission.refusedBy](limits), {
      headers: { ...headers, "retry-after": retryAfter(admission.retryAfterMs) },
    });
  }
  let finished = false;
  return {
    headers,
    async finish(tokens) {
      if (finished) return;
      finished = true;
      await store.finish(record.tokenId, limits, tokens);
    },
  };
}

/**
 * Count one guard-checked call of `record` under its `guard_rpm_limit` (a counter of its own in
 * the same store, so shared through Redis when `redis_url` is set), or throw 429 with
 * `Retry-After`.
 */
export async function admitGuardCall(store: LimitStore, record: KeyRecord): Promise<void> {
  if (record.guardRpmLimit === null) return;
  const limits: KeyLimits = { rpm: record.guardRpmLimit, tpm: null, parallel: null };
  const { admission } = await askStore(store, `${record.tokenId}:guard`, limits);
  if (admission.allowed) return;
  throw new RateLimitError(
    `Rate limit of ${record.guardRpmLimit} guard-checked requests per minute reached`,
    { headers: { "retry-after": retryAfter(admission.retryAfterMs) } },
  );
}
