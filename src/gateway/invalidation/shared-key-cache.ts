import type { Logger } from "../../common/logger.js";
import type { KeyCache } from "../auth/key-cache.js";
import type { InvalidationBus, InvalidationListener } from "./bus.js";

/** The listener that applies other replicas' messages to this replica's cache. */
export function cacheListener(cache: KeyCache): InvalidationListener {
  return {
    invalidate(tokenIds) {
      for (const tokenId of tokenIds) cache.invalidate(tokenId);
    },
    reset: () => cache.clear(),
  };
}

/**
 * A {@link KeyCache} whose `invalidate` also tells every other replica (the change is already
 * in the database when it is called). A failed publish is logged: the others then wait for
 * their `key_cache_ttl`.
 */
export function shareInvalidations(
  cache: KeyCache,
  bus: () => InvalidationBus,
  logger: Logger,
): KeyCache {
  return {
    get: (keyHash) => cache.get(keyHash),
    clear: () => cache.clear(),
    invalidate(tokenId) {
      cache.invalidate(tokenId);
      bus()
        .publish([tokenId])
        .catch((error: Error) =>
          logger.warn(
            { token_id: tokenId, err: error.message },
            "could not publish a key change; other replicas wait for key_cache_ttl",
          ),
        );
    },
  };
}
