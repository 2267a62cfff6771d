import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { keyStoreBundle } from "../../../src/gateway/db/pglite-bundle.js";

describe("keyStoreBundle", () => {
  it("recognises the installed PGlite's bundle layout (else PGlite would load its whole 6 MB bundle again)", async () => {
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const { size } = await stat(join(dist, "pglite.data"));
    const bundle = await keyStoreBundle();
    expect(bundle).toBeDefined();
    const buffer = await bundle!.arrayBuffer();
    expect(buffer.byteLength).toBe(size);
    // The bundle starts with a kept small file (`/home/postgres/.pgpass`), not zeros.
    expect(new Uint8Array(buffer, 0, 16).some((byte) => byte !== 0)).toBe(true);
  });
});
