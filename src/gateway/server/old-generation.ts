import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { collectGarbage } from "./v8-gc.js";

/** V8's old space now: the bytes its pages hold in memory and the bytes of objects on them. */
export function oldSpace(): { physical: number; used: number } {
  const space = getHeapSpaceStatistics().find((entry) => entry.space_name === "old_space");
  return { physical: space?.physical_space_size ?? 0, used: space?.space_used_size ?? 0 };
}

/**
 * Run one full collection that moves every live object of the old space onto as few pages as
 * it needs and gives the rest back (`--compact-on-every-full-gc`, set for this collection only).
 * Under load the gateway promotes short-lived request state, and V8's next full collection, due
 * only when the old space has grown ~8 MB past what was live, frees it but compacts just the
 * emptiest pages: the rest stay committed, half empty. V8's own memory reducer, which would give
 * them back, starts only after the old generation grew by 10 MB since its last run, and its
 * collections drop the maps that optimized code depends on (a memory-reducing collection keeps
 * no unused maps), which deoptimizes that code. This one is a regular full collection (maps kept
 * for V8's usual two collections, bytecode aged by one), yet run on an idle gateway it still
 * costs the next burst: measured (`scripts/rss-heap-diff.mjs`, RSS_NEXT_LOAD) 7-9 "wrong map"
 * deoptimizations in the socket and stream code and 2.75-2.87 CPU-s for the next 10,000 calls
 * where the gateway without it spends 1.93. It stops the main thread for 2-3 ms per MB live
 * (40-70 ms for the gateway's ~20 MB on a busy 2-core host).
 */
export function compactOldGeneration(): void {
  setFlagsFromString("--compact-on-every-full-gc");
  try {
    collectGarbage({ type: "major" });
  } finally {
    setFlagsFromString("--no-compact-on-every-full-gc");
  }
}
