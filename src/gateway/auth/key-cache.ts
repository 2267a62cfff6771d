import type { KeyRecord } from "./key-record.js";
import type { KeyStore } from "./key-store.js";

export interface KeyCacheOptions {
  /** How long a found key is trusted without asking the database again (ms). */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

/** Cached lookups of keys by hash; a miss is never cached, so a new key works at once. */
export interface KeyCache {
  get(keyHash: string): Promise<KeyRecord | undefined>;
  /** Forget one key on this instance (after update or delete). */
  invalidate(tokenId: string): void;
  /** Forget every key on this instance (after missed invalidations). */
  clear(): void;
}

/**
 * Wrap a {@link KeyStore} with an in-memory TTL cache. A key changed or deleted through another
 * instance stops (or starts) behaving differently here within `ttlMs`.
 *
 * @example
 * const cache = createKeyCache(store, { ttlMs: 30_000 });
 */
export function createKeyCache(store: KeyStore, options: KeyCacheOptions): KeyCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { record: KeyRecord; at: number }>();
  return {
    async get(keyHash) {
      const hit = entries.get(keyHash);
      if (hit !== undefined && now() - hit.at < options.ttlMs) return hit.record;
      entries.delete(keyHash);
      const record = await store.findByHash(keyHash);
      if (record === undefined || options.ttlMs <= 0) return record;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      entries.set(keyHash, { record, at: now() });
      return record;
    },
    invalidate(tokenId) {
      for (const [hash, entry] of entries) {
        if (entry.record.tokenId === tokenId) entries.delete(hash);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
