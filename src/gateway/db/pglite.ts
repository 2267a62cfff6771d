import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.js";

function wrap(target: Pick<PGlite, "query">): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(sql, [...params]);
      return result.rows;
    },
  };
}

/**
 * Open an embedded PGlite database in `dataDir` (created if missing), or in memory when
 * `dataDir` is `"memory"`.
 *
 * @example
 * const db = await openPGliteDatabase("./.ragguard/gateway-db");
 */
export async function openPGliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir === "memory";
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pglite = inMemory ? new PGlite() : new PGlite(dataDir);
  await pglite.waitReady;
  const base = wrap(pglite);
  return {
    kind: "pglite",
    location: inMemory ? "pglite (in memory)" : `pglite://${dataDir}`,
    query: base.query,
    transaction: (run) => pglite.transaction((tx) => run(wrap(tx))),
    close: () => pglite.close(),
  };
}
