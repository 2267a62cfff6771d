import type { Redis } from "ioredis";
import { parseConfig } from "../../common/parse-config.js";
import { redactRedisUrl } from "../../gateway/redis/connect.js";
import { IngestUnusableError } from "../errors.js";
import { type QueueLocation, queueLocationSchema } from "./wire.js";

/** An open connection to a run queue's Redis and its key prefix. */
export interface QueueConnection {
  redis: Redis;
  prefix: string;
  /** The URL without its password, for reports and logs. */
  where: string;
  close(): Promise<void>;
}

/**
 * Connect to the queue's Redis (ioredis is loaded only then). Commands wait while the connection
 * is down (BullMQ's blocking reads need `maxRetriesPerRequest: null`), but a Redis that cannot be
 * reached at start is an {@link IngestUnusableError} naming it.
 */
export async function openQueueConnection(location: QueueLocation): Promise<QueueConnection> {
  const { url, prefix } = parseConfig(queueLocationSchema, location, "--queue");
  const where = redactRedisUrl(url);
  const { Redis: RedisClient } = await import("ioredis");
  const redis = new RedisClient(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectionName: "ragguard-ingest",
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new IngestUnusableError(
      `cannot connect to the queue's Redis at ${where}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    redis,
    prefix,
    where,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
