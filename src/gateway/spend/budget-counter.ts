import type { Redis } from "ioredis";
import type { SpendRecorder } from "./spend-recorder.js";
import type { SpendStore } from "./spend-store.js";

/** What a key has spent in a budget period, as every replica sees it. */
export interface BudgetCounter {
  spent(tokenId: string, period: number, keepMs: number): Promise<number>;
  add(tokenId: string, period: number, cost: number, keepMs: number): Promise<void>;
}

/**
 * Without Redis: the spend written to the database by every replica plus what this replica has
 * not written yet. Other replicas' calls show up after their next batch (`spend_flush_interval`).
 */
export function createDatabaseBudgetCounter(
  store: SpendStore,
  recorder: SpendRecorder,
): BudgetCounter {
  return {
    async spent(tokenId, period) {
      return (await store.periodSpend(tokenId, period)) + recorder.pending(tokenId, period);
    },
    // The recorder already holds the call's spend.
    async add() {},
  };
}

/**
 * With Redis: one counter per key and period that every replica adds to right after each call,
 * seeded from the database when Redis does not have it (first use, restart, expiry).
 */
export function createRedisBudgetCounter(
  redis: Redis,
  prefix: string,
  store: SpendStore,
): BudgetCounter {
  const keyOf = (tokenId: string, period: number) => `${prefix}spend:{${tokenId}}:${period}`;
  const seeded = async (tokenId: string, period: number, keepMs: number): Promise<string> => {
    const key = keyOf(tokenId, period);
    if ((await redis.exists(key)) === 0) {
      const written = await store.periodSpend(tokenId, period);
      await redis.set(key, String(written), "PX", keepMs, "NX");
    }
    return key;
  };
  return {
    async spent(tokenId, period, keepMs) {
      return Number((await redis.get(await seeded(tokenId, period, keepMs))) ?? 0);
    },
    async add(tokenId, period, cost, keepMs) {
      const key = await seeded(tokenId, period, keepMs);
      await redis.multi().incrbyfloat(key, cost).pexpire(key, keepMs).exec();
    },
  };
}
