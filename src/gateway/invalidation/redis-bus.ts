import type { Redis } from "ioredis";
import type { Logger } from "../../common/logger.js";
import { connectRedis } from "../redis/connect.js";
import {
  decodeInvalidation,
  encodeInvalidation,
  type InvalidationBus,
  type InvalidationListener,
  type InvalidationState,
} from "./bus.js";

/**
 * Key invalidation over Redis pub/sub (`<prefix>key-invalidation`). A subscriber connection of
 * its own; `publisher` is any other connection. When the subscription drops, the state turns
 * `lost` (logged); when it is back, every cached key is forgotten, since messages were missed.
 */
export async function createRedisInvalidationBus(options: {
  url: string;
  prefix: string;
  publisher: Redis;
  listener: InvalidationListener;
  logger: Logger;
}): Promise<InvalidationBus> {
  const { publisher, listener, logger } = options;
  const channel = `${options.prefix}key-invalidation`;
  const subscriber = await connectRedis(options.url, logger, "ragguard-key-invalidation");
  let state: InvalidationState = "connected";
  subscriber.on("message", (from: string, message: string) => {
    if (from === channel) listener.invalidate(decodeInvalidation(message));
  });
  subscriber.on("close", () => {
    if (state !== "connected") return;
    state = "lost";
    logger.warn(
      { channel },
      "key invalidation channel lost (redis); cached keys live up to key_cache_ttl until it is back",
    );
  });
  subscriber.on("ready", () => {
    if (state !== "lost") return;
    state = "connected";
    listener.reset();
    logger.info({ channel }, "key invalidation channel back (redis); key cache cleared");
  });
  await subscriber.subscribe(channel);
  let closing = false;
  return {
    transport: "redis",
    get state() {
      return closing ? "lost" : state;
    },
    async publish(tokenIds) {
      if (tokenIds.length > 0) await publisher.publish(channel, encodeInvalidation(tokenIds));
    },
    async close() {
      closing = true;
      subscriber.disconnect();
    },
  };
}
