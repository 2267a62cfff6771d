import type { Redis } from "ioredis";
import { ConfigError } from "../../common/errors.js";
import type { Logger } from "../../common/logger.js";

/** The URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "redis://(unparseable url)";
  }
}

/**
 * Connect to the Redis of `general_settings.redis_url` (ioredis is loaded only then). Commands
 * fail at once while the connection is down instead of queueing, so a request never waits on a
 * lost Redis; ioredis reconnects (and resubscribes) by itself.
 *
 * @example
 * const redis = await connectRedis("redis://127.0.0.1:6379/0", logger, "ragguard-limits");
 */
export async function connectRedis(url: string, logger: Logger, name: string): Promise<Redis> {
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(url, {
    lazyConnect: true,
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastWarning = 0;
  client.on("error", (error: Error) => {
    // One line per 10 s at most: a Redis that is down would otherwise flood the log.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    logger.warn(
      { redis: redactRedisUrl(url), connection: name, err: error.message },
      "redis error",
    );
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new ConfigError(
      `general_settings.redis_url: cannot connect to ${redactRedisUrl(url)} (${(error as Error).message})`,
      { cause: error },
    );
  }
  return client;
}
