import type { Redis } from "ioredis";
import type { Logger } from "../../common/logger.js";
import { createKeyCache, type KeyCache } from "../auth/key-cache.js";
import type { KeyStore } from "../auth/key-store.js";
import type { GatewayConfig } from "../config/resolve.js";
import type { Database } from "../db/database.js";
import { type InvalidationBus, localInvalidationBus } from "../invalidation/bus.js";
import { cacheListener, shareInvalidations } from "../invalidation/shared-key-cache.js";
import type { LimitStore } from "../limits/limit-store.js";
import { createMemoryLimitStore } from "../limits/memory-limit-store.js";
import { redactRedisUrl } from "../redis/connect.js";
import {
  type BudgetCounter,
  createDatabaseBudgetCounter,
  createRedisBudgetCounter,
} from "../spend/budget-counter.js";
import { createSpendRecorder, type SpendRecorder } from "../spend/spend-recorder.js";
import { createSpendStore, type SpendStore } from "../spend/spend-store.js";
import { type CallAccounting, createCallAccounting } from "./call-accounting.js";

/** What replicas share, and how this one reports on it. */
export interface FleetServices {
  readonly keyCache: KeyCache;
  readonly accounting: CallAccounting;
  readonly spend: SpendStore;
  readonly recorder: SpendRecorder;
  /** The per-key limit counters (Redis or this process), for other limits than the call's own. */
  readonly limits: LimitStore;
  /** Fields for `/health/readiness`: how limits and revocations reach other replicas. */
  readiness(): Record<string, string>;
  /** Write pending spend and close the connections (after the server stopped). */
  close(): Promise<void>;
}

export interface FleetOptions {
  config: GatewayConfig;
  database: Database;
  keyStore: KeyStore;
  logger: Logger;
  now: () => number;
}

interface SharedParts {
  limits: LimitStore;
  budget: BudgetCounter;
  bus: InvalidationBus;
  redis?: Redis;
}

async function redisParts(url: string, options: FleetOptions, spend: SpendStore, cache: KeyCache) {
  const [{ connectRedis }, { createRedisLimitStore }, { createRedisInvalidationBus }] =
    await Promise.all([
      import("../redis/connect.js"),
      import("../limits/redis-limit-store.js"),
      import("../invalidation/redis-bus.js"),
    ]);
  const prefix = options.config.fleet.redisKeyPrefix;
  const redis = await connectRedis(url, options.logger, "ragguard-gateway");
  try {
    const bus = await createRedisInvalidationBus({
      url,
      prefix,
      publisher: redis,
      listener: cacheListener(cache),
      logger: options.logger,
    });
    return {
      limits: createRedisLimitStore(redis, prefix),
      budget: createRedisBudgetCounter(redis, prefix, spend),
      bus,
      redis,
    };
  } catch (error) {
    redis.disconnect();
    throw error;
  }
}

async function sharedParts(
  options: FleetOptions,
  spend: SpendStore,
  recorder: SpendRecorder,
  cache: KeyCache,
): Promise<SharedParts> {
  const { config, database, logger } = options;
  const url = config.fleet.redisUrl;
  if (url !== undefined) {
    const parts = await redisParts(url, options, spend, cache);
    logger.info(
      { redis: redactRedisUrl(url), prefix: config.fleet.redisKeyPrefix },
      "fleet: rate limits, budgets and key revocation shared through redis",
    );
    return parts;
  }
  const local = {
    limits: createMemoryLimitStore(options.now),
    budget: createDatabaseBudgetCounter(spend, recorder),
  };
  if (database.kind === "postgresql" && config.databaseUrl !== undefined) {
    const { createPostgresInvalidationBus } = await import("../invalidation/postgres-bus.js");
    const bus = await createPostgresInvalidationBus({
      url: config.databaseUrl,
      database,
      listener: cacheListener(cache),
      logger,
    });
    logger.warn(
      {},
      "fleet: no general_settings.redis_url, so rpm/tpm/parallel limits count per process (N replicas let N times each limit through); key revocation reaches other replicas through postgresql LISTEN/NOTIFY",
    );
    return { ...local, bus };
  }
  logger.info({}, "fleet: single process (embedded database): limits count in this process");
  return { ...local, bus: localInvalidationBus };
}

/**
 * Start what replicas share: the key cache with revocation across replicas, the limit store
 * (Redis when `redis_url` is set, else this process), budgets and batched spend writes.
 */
export async function startFleetServices(options: FleetOptions): Promise<FleetServices> {
  const { config, logger, now } = options;
  const spend = createSpendStore(options.database);
  const recorder = createSpendRecorder(spend, { intervalMs: config.fleet.spendFlushMs, logger });
  const localCache = createKeyCache(options.keyStore, { ttlMs: config.keyCacheTtlMs, now });
  let parts: SharedParts;
  try {
    parts = await sharedParts(options, spend, recorder, localCache);
  } catch (error) {
    await recorder.close();
    throw error;
  }
  const { bus } = parts;
  const accounting = createCallAccounting({ ...parts, recorder, logger, now });
  return {
    keyCache: shareInvalidations(localCache, () => bus, logger),
    accounting,
    spend,
    recorder,
    limits: parts.limits,
    readiness() {
      const fields: Record<string, string> = {
        limits: parts.limits.shared ? "shared (redis)" : "per process",
        key_invalidation: `${bus.transport}: ${bus.state}`,
      };
      if (bus.state === "lost") {
        fields.key_invalidation = `${bus.transport}: lost, cached keys live up to key_cache_ttl`;
      }
      if (parts.redis !== undefined) fields.redis = parts.redis.status;
      return fields;
    },
    async close() {
      await recorder.close();
      await bus.close();
      parts.redis?.disconnect();
    },
  };
}
