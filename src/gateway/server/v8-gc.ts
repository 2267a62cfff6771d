import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** The collection to run: a scavenge (`minor`) or a full mark-compact (`major`). */
export interface GcOptions {
  type: "minor" | "major";
}

type GcFunction = (options?: GcOptions) => void;

let gcFunction: GcFunction | undefined;

/**
 * Run a collection through V8's `gc` extension without `--expose-gc` on the command line: the
 * flag is set for the one context that fetches the function and cleared again, so user code never
 * sees a global `gc`. The function is fetched once and kept. A major collection calls `gc()` with
 * no argument: the V8 of Node 20 (11.3) reads any options object as a request for a scavenge, so
 * `gc({ type: "major" })` would not run a full collection. Process-wide: the `ragguard gateway`
 * command uses it, not the library.
 */
export function collectGarbage(options: GcOptions = { type: "major" }): void {
  if (gcFunction === undefined) {
    setFlagsFromString("--expose-gc");
    gcFunction = runInNewContext("gc") as GcFunction;
    setFlagsFromString("--no-expose-gc");
  }
  if (options.type === "major") gcFunction();
  else gcFunction(options);
}
