import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PGliteOptions } from "@electric-sql/pglite";
import { mappedArrayBuffer, readFully } from "./mapped-buffer.js";

type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;

/** The one call of the WebAssembly JS API used here (the project's `lib` has no DOM types). */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/**
 * PGlite's WebAssembly module (`pglite.wasm`, 9 MB), compiled from a buffer V8 maps (see
 * {@link mappedArrayBuffer}). Left to itself, PGlite reads the file with `fs.readFile` into a
 * malloc block; once that is freed, glibc keeps up to twice its size of free C heap for the life
 * of the process (measured: the C heap 15.4 MB resident after start against 8.2 MB this way).
 * V8 compiles from a copy of its own, so the buffer is garbage as soon as this returns.
 * Undefined when the file is not where PGlite's package keeps it (PGlite then loads it itself).
 */
export async function compilePGliteWasm(): Promise<WasmModule | undefined> {
  const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const file = await open(join(dist, "pglite.wasm")).catch(() => undefined);
  if (file === undefined) return undefined;
  try {
    const { size } = await file.stat();
    const bytes = new Uint8Array(mappedArrayBuffer(size));
    if (!(await readFully(file, bytes, 0))) return undefined;
    return await WebAssembly.compile(bytes);
  } finally {
    await file.close();
  }
}
