import type { Logger } from "../../common/logger.js";
import type { SpendDelta, SpendStore } from "./spend-store.js";

/** Collects each call's spend in memory and writes it in batches. */
export interface SpendRecorder {
  record(delta: SpendDelta): void;
  /** Spend recorded here for a key and period but not written yet. */
  pending(tokenId: string, period: number): number;
  /** Write what is pending now (also run by the timer). */
  flush(): Promise<void>;
  /** Stop the timer and write what is left. */
  close(): Promise<void>;
}

/**
 * Batch spend writes: one statement per `intervalMs` for every key that had calls, instead of
 * one write per call. A failed write keeps its deltas for the next round.
 *
 * @example
 * const recorder = createSpendRecorder(createSpendStore(db), { intervalMs: 1000, logger });
 */
export function createSpendRecorder(
  store: SpendStore,
  options: { intervalMs: number; logger: Logger },
): SpendRecorder {
  let batch = new Map<string, SpendDelta>();
  let inFlight = new Map<string, SpendDelta>();
  let writing: Promise<void> = Promise.resolve();
  const keyOf = (tokenId: string, period: number) => `${tokenId}\u0000${period}`;

  const merge = (into: Map<string, SpendDelta>, delta: SpendDelta) => {
    const key = keyOf(delta.tokenId, delta.period);
    const seen = into.get(key);
    into.set(
      key,
      seen === undefined
        ? delta
        : {
            ...seen,
            requests: seen.requests + delta.requests,
            promptTokens: seen.promptTokens + delta.promptTokens,
            completionTokens: seen.completionTokens + delta.completionTokens,
            spend: seen.spend + delta.spend,
          },
    );
  };

  const write = async () => {
    if (batch.size === 0) return;
    const taken = batch;
    batch = new Map();
    inFlight = taken;
    try {
      await store.add([...taken.values()]);
    } catch (error) {
      for (const delta of taken.values()) merge(batch, delta);
      options.logger.warn(
        { err: (error as Error).message, keys: taken.size },
        "spend write failed; kept for the next batch",
      );
    } finally {
      inFlight = new Map();
    }
  };
  const flush = () => {
    writing = writing.then(write);
    return writing;
  };
  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    record: (delta) => merge(batch, delta),
    pending(tokenId, period) {
      const key = keyOf(tokenId, period);
      return (batch.get(key)?.spend ?? 0) + (inFlight.get(key)?.spend ?? 0);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
