import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** V8's new space now: its size (both semi-spaces) and the bytes in use, by its statistics. */
export function newSpace(): { size: number; used: number } {
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
