import { constants, PerformanceObserver } from "node:perf_hooks";
import { collectGarbage } from "./v8-gc.js";
import { newSpace } from "./young-generation.js";

/** Options of {@link giveMemoryBackWhenIdle}. */
export interface IdleMemoryOptions {
  /** How often to look, in ms. */
  intervalMs?: number;
  /** Only a new space (both semi-spaces) larger than this, in bytes, is worth giving back. */
  minBytes?: number;
}

/** V8 shrinks the new space at a collection when allocation ran below this (bytes per ms). */
const slowAllocation = 1024;

/**
 * Give the heap's pages back once the process goes quiet. Every `intervalMs` this looks; a look
 * is quiet if no collection other than its own ran since the last one and the new space's bytes
 * in use grew by less than 1 KB per ms (V8's rule for shrinking the new space, `Heap::
 * ReduceNewSpaceSize`, on what was allocated since). A quiet look whose predecessor did not
 * collect runs one scavenge if the new space is over `minBytes`. Under load V8 grows the new
 * space to its cap (2 x 8 MB here) and shrinks it only at a collection that finds allocation
 * slow, and an idle process runs no collection, so it would keep the 16 MB for good. The scavenge
 * ends with V8 shrinking the new space to its initial size, unless V8's 5 s window still holds
 * the busy spell; then a later look scavenges again. A scavenge takes a millisecond or so and
 * leaves optimized code alone. The old space's promoted garbage is left to V8: compacting it when
 * idle (a full collection with `--compact-on-every-full-gc`) gave ~7 MB back after the bench's
 * loads but cost the next burst 7-9 "wrong map" deoptimizations in the socket and stream code
 * and ~40% more CPU for its first 10,000 calls (`scripts/rss-heap-diff.mjs`, `RSS_NEXT_LOAD`).
 * Returns a stop function. Process-wide: the `ragguard gateway` command calls it, not the library.
 */
export function giveMemoryBackWhenIdle(options: IdleMemoryOptions = {}): () => void {
  const { intervalMs = 2000, minBytes = 2 * 1024 * 1024 } = options;
  let collections = 0;
  let forced = 0;
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
    if (quiet && !collectedLastLook && size > minBytes) collectGarbage({ type: "minor" });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    observer.disconnect();
  };
}
