import { performance } from "node:perf_hooks";
import { seededRandom } from "./corpus.js";

/**
 * A fixed single-thread workload that stands for "how fast is one core of this host right now":
 * FNV-1a hashing of a seeded 1 MiB string, 8 passes. Runs between hosts differ by the core's speed
 * and by CPU steal; printing this next to the figures lets readers compare runs made on different
 * hosts (the same build does the same work, so a host twice as slow takes twice as long).
 */
function referenceWork(text: string): number {
  let hash = 0x811c9dc5;
  for (let pass = 0; pass < 8; pass++) {
    for (let index = 0; index < text.length; index++) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return hash >>> 0;
}

/** Median wall milliseconds of `rounds` runs of the reference workload (after one warm-up). */
export function measureHostSpeed(rounds = 5): number {
  const random = seededRandom(7);
  const text = Array.from({ length: 1 << 20 }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join("");
  referenceWork(text);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    referenceWork(text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
