import { closeSync, openSync, writeSync } from "node:fs";
import { devNull } from "node:os";
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

/** Median wall milliseconds of `rounds` runs of `work`, after one run to warm up. */
function medianMs(rounds: number, work: () => void): number {
  work();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Median wall milliseconds of `rounds` runs of the reference workload (after one warm-up). */
export function measureHostSpeed(rounds = 5): number {
  const random = seededRandom(7);
  const text = Array.from({ length: 1 << 20 }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join("");
  return medianMs(rounds, () => referenceWork(text));
}

/**
 * The kernel side of "how fast is this host": median microseconds of one 1-byte write to the null
 * device from Node (the binding, the system call's entry and exit). Hosts whose cores compute
 * alike can differ several times here (page-table isolation and other mitigations make every
 * system call dearer), and each socket read and write of the gateway and guard sections pays it,
 * so runs on different hosts compare through both figures.
 */
export function measureSystemCallMicros(rounds = 5, calls = 20_000): number {
  const fd = openSync(devNull, "w");
  try {
    const byte = Buffer.alloc(1);
    const ms = medianMs(rounds, () => {
      for (let call = 0; call < calls; call++) writeSync(fd, byte);
    });
    return (ms * 1000) / calls;
  } finally {
    closeSync(fd);
  }
}
