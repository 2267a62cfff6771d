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

/**
 * Admit one call of `record` under its `rpm_limit`, `tpm_limit` and `max_parallel_requests`, or
 * throw 429 with `Retry-After` and `x-ratelimit-*` headers. A store that cannot answer (Redis
 * down) refuses with 503: limits fail closed.
 */
export async function admitKey(store: LimitStore, record: KeyRecord): Promise<KeyAdmission> {
  const limits = limitsOf(record);
  if (!hasLimits(limits)) return unlimited;
  const admission = await store.admit(record.tokenId, limits).catch((error: unknown) => {
    throw new AppError("The rate-limit store is unreachable; retry later", {
      status: 503,
      code: "rate_limit_store_unavailable",
      expose: true,
      cause: error,
    });
  });
  const headers = rateLimitHeaders(admission);
  if (!admission.allowed) {
    throw new RateLimitError(messages[admission.refusedBy](limits), {
      headers: {
        ...headers,
        "retry-after": String(Math.max(1, Math.ceil(admission.retryAfterMs / 1000))),
      },
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
