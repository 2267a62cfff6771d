import { collectGarbage } from "./v8-gc.js";

/**
 * Collect the garbage start-up leaves behind, for a process that has just finished starting, with
 * the collection V8 runs on a low-memory notification (`Isolate::LowMemoryNotification`, reached
 * from Node through the inspector protocol's `HeapProfiler.collectGarbage`, in process, no port).
 * Unlike the `gc()` of `--expose-gc`, it is a memory-reducing collection (V8's
 * `Heap::CollectAllAvailableGarbage`): besides freeing what is dead (on PGlite chiefly the 9 MB
 * buffer its WebAssembly was compiled from), it shrinks the young generation back to its initial
 * 1 MB. PGlite's synchronous start grows that to 2 × 8 MB, which a plain full collection leaves
 * committed: measured 127 → 112 MB RSS at start, where `gc()` left 127. It takes one to a few
 * hundred ms, once. On a Node built without the inspector it falls back to `gc()`. A
 * process-wide collection: the `ragguard gateway` command calls it, not the library.
 */
export async function collectStartGarbage(): Promise<void> {
  const inspector = await import("node:inspector").catch(() => undefined);
  if (inspector === undefined) return collectGarbage();
  const session = new inspector.Session();
  session.connect();
  return new Promise<void>((resolve, reject) => {
    session.post("HeapProfiler.collectGarbage", (error) => {
      // V8 answers from inside its collection task while holding the agent's lock; disconnecting
      // in the callback would wait for that lock forever.
      setImmediate(() => {
        session.disconnect();
        if (error) reject(error);
        else resolve();
      });
    });
  });
}
