/** The limits of one key; `null` means no limit of that kind. */
export interface KeyLimits {
  readonly rpm: number | null;
  readonly tpm: number | null;
  readonly parallel: number | null;
}

/** Use of one limit right now, for the `x-ratelimit-*` headers. */
export interface LimitUse {
  readonly limit: number;
  readonly remaining: number;
  /** Milliseconds until the window frees room again. */
  readonly resetMs: number;
}

/** Which limit refused a request. */
export type LimitKind = "requests" | "tokens" | "parallel";

/** The answer of {@link LimitStore.admit}. */
export type Admission =
  | { readonly allowed: true; readonly requests?: LimitUse; readonly tokens?: LimitUse }
  | {
      readonly allowed: false;
      readonly refusedBy: LimitKind;
      readonly retryAfterMs: number;
      readonly requests?: LimitUse;
      readonly tokens?: LimitUse;
    };

/**
 * Where per-key counters live: one process (memory) or every replica (Redis). Requests per
 * minute are a sliding one-minute window; tokens per minute a fixed window on the minute (they are
 * known only after the call, from the provider's usage); parallel requests a counter.
 */
export interface LimitStore {
  /** `true` when the counters are shared by every replica. */
  readonly shared: boolean;
  /** Count one request atomically, or say which limit refuses it. */
  admit(tokenId: string, limits: KeyLimits): Promise<Admission>;
  /** After an admitted call: count its tokens and free its parallel slot. */
  finish(tokenId: string, limits: KeyLimits, tokens: number): Promise<void>;
}

/** Whether a key has any limit a store must count. */
export function hasLimits(limits: KeyLimits): boolean {
  return limits.rpm !== null || limits.tpm !== null || limits.parallel !== null;
}

export const minuteMs = 60_000;
