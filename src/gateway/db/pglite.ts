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

/** Wrap an open PGlite instance as a {@link Database} (closing the Database closes it). */
export async function wrapPGlite(
  pglite: PGlite,
  location = "pglite (in memory)",
): Promise<Database> {
  await pglite.waitReady;
  const base = wrap(pglite);
  return {
    kind: "pglite",
    location,
    query: base.query,
    transaction: (run) => pglite.transaction((tx) => run(wrap(tx))),
    close: () => pglite.close(),
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
  if (dataDir === "memory") return wrapPGlite(new PGlite());
  await mkdir(dataDir, { recursive: true });
  return wrapPGlite(new PGlite(dataDir), `pglite://${dataDir}`);
}
