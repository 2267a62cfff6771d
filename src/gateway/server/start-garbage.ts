import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Run one full garbage collection, for a process that has just finished starting. What start-up
 * leaves behind stays resident until V8's next mark-compact, which an idle server may not run
 * for a long time: on PGlite, chiefly the 9 MB buffer PGlite reads its WebAssembly into (V8
 * compiles from a copy of its own), so the gateway's RSS at start was 120 MB or 130–145 MB
 * depending on whether a collection had happened to run. It uses V8's `gc` extension, exposed
 * for the call and hidden again: a process-wide V8 flag, so the `ragguard gateway` command calls
 * it, not the library.
 */
export function collectStartGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  setFlagsFromString("--no-expose-gc");
  gc();
}
