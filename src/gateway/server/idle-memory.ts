import { constants, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { compactOldGeneration, oldSpace } from "./old-generation.js";
import { collectGarbage } from "./v8-gc.js";

/** Options of {@link giveMemoryBackWhenIdle}. */
export interface IdleMemoryOptions {
  /** How often to look, in ms. */
  intervalMs?: number;
  /** Only a new space (both semi-spaces) larger than this, in bytes, is worth giving back. */
  minBytes?: number;
  /**
   * Compact the old space once it holds this many bytes more than after the last compaction (or
   * at the first look). Off unless given: see {@link compactOldGeneration} for what it costs.
   */
  oldGrowthBytes?: number;
}

/** V8 shrinks the new space at a collection when allocation ran below this (bytes per ms). */
const slowAllocation = 1024;

/** V8's new space now: its size (both semi-spaces) and the bytes in use, by its statistics. */
function newSpace(): { size: number; used: number } {
  const space = getHeapSpaceStatistics().find((entry) => entry.space_name === "new_space");
  return { size: space?.space_size ?? 0, used: space?.space_used_size ?? 0 };
}

/**
 * Give the heap's pages back once the process goes quiet. Every `intervalMs` this looks; a look
 * is quiet if no collection other than its own ran since the last one and the new space's bytes
 * in use grew by less than 1 KB per ms (V8's rule for shrinking the new space, `Heap::
 * ReduceNewSpaceSize`, on what was allocated since). A quiet look whose predecessor did not
 * collect runs one collection:
 * - If `oldGrowthBytes` is given, once per quiet spell, if the old space's pages grew by over
 *   `oldGrowthBytes` since the last compaction: {@link compactOldGeneration}. Steady light
 *   traffic counts as quiet; the growth rule keeps it to one compaction per `oldGrowthBytes`
 *   promoted. Off by default: it gives ~7 MB back after the bench's loads but costs the next
 *   burst CPU and tail latency.
 * - Otherwise, if the new space is over `minBytes`, one scavenge. Under load V8 grows the new
 *   space to its cap (2 x 8 MB here) and shrinks it only at a collection that finds allocation
 *   slow, and an idle process runs no collection, so it would keep the 16 MB for good. A
 *   scavenge takes a millisecond or so and leaves optimized code alone.
 * Either collection ends with V8 shrinking the new space to its initial size, unless V8's 5 s
 * window still holds the busy spell; then a later look scavenges again.
 * Returns a stop function. Process-wide: the `ragguard gateway` command calls it, not the library.
 */
export function giveMemoryBackWhenIdle(options: IdleMemoryOptions = {}): () => void {
  const {
    intervalMs = 2000,
    minBytes = 2 * 1024 * 1024,
    oldGrowthBytes = Number.POSITIVE_INFINITY,
  } = options;
  let collections = 0;
  let forced = 0;
  let compacted = false;
  let oldBase = oldSpace().physical;
  let lastUsed = newSpace().used;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const flags = (entry as { detail?: { flags?: number } }).detail?.flags ?? 0;
      if (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced += 1;
      else collections += 1;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const timer = setInterval(() => {
    const { size, used } = newSpace();
    const quiet = collections === 0 && used - lastUsed < slowAllocation * intervalMs;
    const collectedLastLook = forced > 0;
    collections = 0;
    forced = 0;
    lastUsed = used;
    if (!quiet) {
      compacted = false;
      return;
    }
    if (collectedLastLook) return;
    if (!compacted && oldSpace().physical - oldBase > oldGrowthBytes) {
      compactOldGeneration();
      compacted = true;
      oldBase = oldSpace().physical;
    } else if (size > minBytes) {
      collectGarbage({ type: "minor" });
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    observer.disconnect();
  };
}
