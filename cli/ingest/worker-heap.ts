import { setFlagsFromString } from "node:v8";

/**
 * Young-generation semi-space of each ingest worker, in MB. The scanners allocate ~300 MB of
 * short-lived objects per input MB; with V8's default (a semi-space growing to 16 MB) a worker
 * scavenges ~20 times per input MB and copies the chunks in flight each time. 32 MB from the
 * start halves the scavenges (and their background helper threads' CPU) for ~+32 MB RSS per worker.
 */
export const workerSemiSpaceMb = 32;

let applied = false;

/**
 * Give isolates created from now on (the ingest workers) a fixed {@link workerSemiSpaceMb}
 * semi-space. V8 reads these flags when an isolate's heap is set up, so the main thread's own heap
 * is left as it is; worker `resourceLimits` can only cap the young generation, not start it large.
 */
export function sizeWorkerYoungGeneration(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--min-semi-space-size=${workerSemiSpaceMb}`);
  setFlagsFromString(`--max-semi-space-size=${workerSemiSpaceMb}`);
}
