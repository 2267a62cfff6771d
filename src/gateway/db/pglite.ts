import { mkdir } from "node:fs/promises";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import type { Database, Queryable } from "./database.js";
import { hasPGliteCluster, initPGliteDataDir } from "./pglite-initdb.js";

/**
 * PGlite's start parameters. Its defaults size shared memory for a server (128 MB of shared
 * buffers, 100 connections); one embedded backend serving a key table needs far less. 1 MB of
 * shared buffers (128 pages: the key table and the catalog pages its queries touch fit many
 * times over) and one connection keep PGlite's WebAssembly memory at about 9 MB resident, against
 * 21 MB with 8 MB of buffers and 100 connections (140 MB more with the defaults); key lookups
 * cost the same.
 */
const startParams = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=1MB",
  "-c",
  "max_connections=1",
];

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
 * Open an embedded PGlite database in `dataDir` (created if missing, its initdb run in a child
 * process), or in memory when `dataDir` is `"memory"` (initdb in process: more memory).
 *
 * @example
 * const db = await openPGliteDatabase("./.ragguard/gateway-db");
 */
export async function openPGliteDatabase(dataDir: string): Promise<Database> {
  if (dataDir !== "memory") {
    await mkdir(dataDir, { recursive: true });
    if (!(await hasPGliteCluster(dataDir))) await initPGliteDataDir(dataDir);
  }
  const options: PGliteOptions = { startParams };
  if (dataDir === "memory") return wrapPGlite(new PGlite(options));
  return wrapPGlite(new PGlite(dataDir, options), `pglite://${dataDir}`);
}
