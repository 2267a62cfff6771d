import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mappedArrayBuffer, readFully } from "../../../src/gateway/db/mapped-buffer.js";
import { compilePGliteWasm } from "../../../src/gateway/db/pglite-wasm.js";

/** The WebAssembly JS API calls used here (the project's `lib` has no DOM types). */
declare const WebAssembly: {
  Module: { exports(module: object): { name: string }[] };
};

describe("compilePGliteWasm", () => {
  it("compiles PGlite's WebAssembly module (what PGlite instantiates for its backend)", async () => {
    const module = await compilePGliteWasm();
    expect(Object.prototype.toString.call(module)).toBe("[object WebAssembly.Module]");
    const exports = WebAssembly.Module.exports(module!).map((entry) => entry.name);
    expect(exports).toContain("__main_argc_argv");
  }, 60_000);
});

describe("readFully into a mapped buffer", () => {
  it("fills the bytes from a position, and says false when the file ends first", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ragguard-mapped-"));
    try {
      const path = join(dir, "data");
      await writeFile(path, Buffer.from("0123456789"));
      const file = await open(path);
      try {
        const buffer = mappedArrayBuffer(8);
        const bytes = new Uint8Array(buffer, 2, 4);
        expect(await readFully(file, bytes, 3)).toBe(true);
        expect([...new Uint8Array(buffer)]).toEqual([0, 0, 0x33, 0x34, 0x35, 0x36, 0, 0]);
        expect(await readFully(file, new Uint8Array(mappedArrayBuffer(4)), 8)).toBe(false);
      } finally {
        await file.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
