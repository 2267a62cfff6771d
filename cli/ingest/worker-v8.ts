import { setFlagsFromString } from "node:v8";

/**
 * Young-generation semi-space of each ingest worker, in MB. The scanners allocate ~300 MB of
 * short-lived objects per input MB; with V8's default (a semi-space growing to 16 MB) a worker
 * scavenges ~20 times per input MB and copies the chunks in flight each time. 32 MB from the
 * start halves the scavenges (and their background helper threads' CPU) for ~+32 MB RSS per worker.
 */
export const workerSemiSpaceMb = 32;

/**
 * V8's interrupt budget for the ingest run (bytecode executed before a function is considered for
 * tier-up), 4x its default of 67,584. An ingest run is a batch job that runs the same scanner and
 * loader code for seconds in every worker, and V8's optimizing compiler was ~20% of its CPU
 * (its background threads, once per worker isolate): with a later tier-up a function is compiled
 * with settled type feedback, fewer functions that are only warm get compiled at all, and fewer
 * optimized functions are thrown away and compiled again.
 */
export const workerInterruptBudget = 4 * 67_584;

let applied = false;

/**
 * Tune the isolates created from now on (the ingest workers): a fixed {@link workerSemiSpaceMb}
 * semi-space, and the later tier-up of {@link workerInterruptBudget}. V8 reads the heap flags
 * when an isolate's heap is set up, so the main thread's own heap is left as it is (worker
 * `resourceLimits` can only cap the young generation, not start it large); the interrupt budget is
 * process-wide and also applies to the main thread's functions not yet run.
 */
export function tuneWorkerIsolates(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--min-semi-space-size=${workerSemiSpaceMb}`);
  setFlagsFromString(`--max-semi-space-size=${workerSemiSpaceMb}`);
  setFlagsFromString(`--interrupt-budget=${workerInterruptBudget}`);
}
