import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { collectGarbage } from "./v8-gc.js";

/** V8's new space now: its size (both semi-spaces) and the bytes in use, by its statistics. */
function newSpace(): { size: number; used: number } {
  const space = getHeapSpaceStatistics().find((entry) => entry.space_name === "new_space");
  return { size: space?.space_size ?? 0, used: space?.space_used_size ?? 0 };
}

/**
 * Let V8's young generation grow to `semiSpaceMb` per semi-space and no further (V8's default
 * is 16 MB on 64-bit). Under load the gateway's new space otherwise doubles up to 2 x 16 MB,
 * and each scavenge then copies more live request state: with 8 MB semi-spaces scavenges come
 * twice as often but pause about half as long (the tail latency of a proxied call), and the
 * process keeps ~16 MB less. V8 reads `--max-semi-space-size` only when the heap is set up, so
 * this watches the collections instead: growth is turned off (`--semi-space-growth-factor=1`,
 * read at each growth) once the new space reaches the cap, and on again (V8's factor 2) only
 * when V8 has shrunk it to a quarter of the cap or less. The quarter is there because the
 * observer hears of collections a few event-loop turns late: on a busy host two growths can
 * land between two checks, and from a quarter they still stop at the cap. A process-wide V8
 * flag: the `ragguard gateway` command calls it, not the library.
 */
export function capYoungGeneration(semiSpaceMb = 8): void {
  const limit = 2 * semiSpaceMb * 1024 * 1024;
  let capped = false;
  const check = () => {
    const { size } = newSpace();
    const next = capped ? size > limit / 4 : size >= limit;
    if (next === capped) return;
    capped = next;
    setFlagsFromString(`--semi-space-growth-factor=${capped ? 1 : 2}`);
  };
  check();
  new PerformanceObserver(check).observe({ entryTypes: ["gc"] });
}

/**
 * Run V8's scavenges on the main thread only (`--no-parallel-scavenge`, which V8 reads at each
 * scavenge). On a host whose cores are all busy, a parallel scavenge waits for helper threads
 * the OS has not scheduled yet, and the split work costs CPU of its own. `--single-threaded-gc`
 * cannot be set this way: it also turns concurrent marking off under a running heap, and V8
 * aborts at the next mark-compact. A process-wide V8 flag: the `ragguard gateway` command calls
 * it, not the library.
 */
export function scavengeOnMainThread(): void {
  setFlagsFromString("--no-parallel-scavenge");
}

/** Options of {@link shrinkYoungGenerationWhenIdle}. */
export interface IdleShrinkOptions {
  /** How often to look, in ms. */
  intervalMs?: number;
  /** Only a new space (both semi-spaces) larger than this, in bytes, is worth giving back. */
  minBytes?: number;
}

/** V8 shrinks the new space at a collection when allocation ran below this (bytes per ms). */
const slowAllocation = 1024;

/**
 * Give the young generation's pages back once the process goes quiet. Under load V8 grows the new
 * space to its cap (2 x 8 MB here) and shrinks it only at a collection that finds allocation slow
 * (V8's `Heap::ReduceNewSpaceSize`: under 1 KB per ms over its last 5 s), and an idle process
 * runs no collection, so it would keep the 16 MB for good. Every `intervalMs` this looks: if no
 * collection ran since the last look, the new space's bytes in use grew by less than 1 KB per ms
 * (the same rule, on what was allocated since), and the new space is over `minBytes`, it runs one
 * scavenge, and V8 ends it by shrinking the new space to its initial size. If V8's window still
 * holds the busy spell it does not shrink, and a later look tries again: the forced scavenge
 * counts as a collection, so it runs at most once per two looks, and never while traffic
 * allocates faster than V8's rule. A scavenge, not a full collection: it takes a millisecond or
 * so and leaves optimized code alone (a full, memory-reducing collection when idle deoptimizes
 * ~100 functions and costs the next burst ~15% more CPU). Returns a stop function. Process-wide:
 * the `ragguard gateway` command calls it, not the library.
 */
export function shrinkYoungGenerationWhenIdle(options: IdleShrinkOptions = {}): () => void {
  const { intervalMs = 2000, minBytes = 4 * 1024 * 1024 } = options;
  let collections = 0;
  let lastUsed = newSpace().used;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ["gc"] });
  const timer = setInterval(() => {
    const { size, used } = newSpace();
    const quiet = collections === 0 && used - lastUsed < slowAllocation * intervalMs;
    collections = 0;
    lastUsed = used;
    if (quiet && size > minBytes) collectGarbage({ type: "minor" });
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    observer.disconnect();
  };
}
