import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPGliteDatabase } from "../../../src/gateway/db/pglite.js";
import { hasPGliteCluster } from "../../../src/gateway/db/pglite-initdb.js";

describe("embedded PGlite database on disk", () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it("runs initdb for a fresh dir (in a child), then opens it with small shared memory (1 MB of buffers, one connection)", async () => {
    dir = join(await mkdtemp(join(tmpdir(), "ragguard-pglite-")), "db");
    expect(await hasPGliteCluster(dir)).toBe(false);
    const first = await openPGliteDatabase(dir);
    try {
      expect(await hasPGliteCluster(dir)).toBe(true);
      await first.query("CREATE TABLE t (v text)");
      await first.query("INSERT INTO t VALUES ($1)", ["kept"]);
      const [buffers] = await first.query<{ shared_buffers: string }>("SHOW shared_buffers");
      expect(buffers?.shared_buffers).toBe("1MB");
      const [connections] = await first.query<{ max_connections: string }>("SHOW max_connections");
      expect(connections?.max_connections).toBe("1");
      // The time-zone data is among the bundle files kept (see keyStoreBundle).
      await first.query("SET TimeZone = 'Europe/Paris'");
      const [zone] = await first.query<{ offset: string }>(
        "SELECT to_char(TIMESTAMPTZ '2024-01-15 12:00:00+00', 'HH24') AS offset",
      );
      expect(zone?.offset).toBe("13");
    } finally {
      await first.close();
    }
    const again = await openPGliteDatabase(dir);
    try {
      expect(await again.query("SELECT v FROM t")).toEqual([{ v: "kept" }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
