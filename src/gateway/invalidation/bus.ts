/** How a replica hears of keys changed through other replicas. */
export type InvalidationState =
  /** Subscribed: changes reach this replica within about a second. */
  | "connected"
  /** The channel is down: cached keys live up to `key_cache_ttl`. */
  | "lost"
  /** One process (PGlite): there is nobody else to hear from. */
  | "local";

/** What a bus tells this replica. */
export interface InvalidationListener {
  /** These keys changed or were deleted somewhere. */
  invalidate(tokenIds: readonly string[]): void;
  /** Messages may have been missed (the channel was down): forget everything. */
  reset(): void;
}

/** A channel every gateway replica publishes key changes on and listens to. */
export interface InvalidationBus {
  /** `redis`, `postgresql` or `none`. */
  readonly transport: string;
  readonly state: InvalidationState;
  publish(tokenIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The message on the wire: `{"token_ids": [...]}`. */
export function encodeInvalidation(tokenIds: readonly string[]): string {
  return JSON.stringify({ token_ids: tokenIds });
}

/** Parse a message; anything malformed yields no ids. */
export function decodeInvalidation(message: string): string[] {
  try {
    const parsed = JSON.parse(message) as { token_ids?: unknown };
    return Array.isArray(parsed.token_ids)
      ? parsed.token_ids.filter((id): id is string => typeof id === "string")
      : [];
  } catch {
    return [];
  }
}

/** The bus of a single process (PGlite): nothing to send, nothing to hear. */
export const localInvalidationBus: InvalidationBus = {
  transport: "none",
  state: "local",
  publish: async () => {},
  close: async () => {},
};
