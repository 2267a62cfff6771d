import { ConfigError } from "../../common/errors.js";
import type { Database } from "./database.js";

// Each backend is loaded on use: a gateway on PGlite never loads `pg` (about 13 MB of RSS), one
// on PostgreSQL never loads PGlite.
async function openPGliteDatabase(dir: string): Promise<Database> {
  return (await import("./pglite.js")).openPGliteDatabase(dir);
}

/** Where the embedded database lives when `database_url` is absent. */
export const defaultPGliteDir = "./.ragguard/gateway-db";

/**
 * Open the database a `database_url` names: `postgresql://…` → PostgreSQL, `pglite://<dir>` or
 * nothing → embedded PGlite (`pglite://memory` keeps it in memory).
 *
 * @example
 * const db = await openDatabase(undefined); // ./.ragguard/gateway-db
 */
export async function openDatabase(url: string | undefined): Promise<Database> {
  if (url === undefined) return openPGliteDatabase(defaultPGliteDir);
  if (url.startsWith("pglite://")) {
    const dir = url.slice("pglite://".length);
    return openPGliteDatabase(dir === "" ? defaultPGliteDir : dir);
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { openPostgresDatabase, redactDatabaseUrl } = await import("./postgres.js");
    try {
      return await openPostgresDatabase(url);
    } catch (error) {
      throw new ConfigError(
        `general_settings.database_url: cannot connect to ${redactDatabaseUrl(url)} (${(error as Error).message})`,
        { cause: error },
      );
    }
  }
  throw new ConfigError(
    "general_settings.database_url: must start with postgresql:// or pglite://",
  );
}
