import pg from "pg";
import type { Database, Queryable } from "./database.js";

function wrap(target: Pick<pg.Pool, "query"> | pg.PoolClient): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<R>(sql, [...params]);
      return result.rows;
    },
  };
}

/** The URL without its password, for logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgresql://(unparseable url)";
  }
}

/**
 * Connect a pool to a PostgreSQL server.
 *
 * @example
 * const db = await openPostgresDatabase("postgresql://user:pw@db:5432/gateway");
 */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Idle clients that lose their server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const base = wrap(pool);
  await base.query("SELECT 1");
  return {
    kind: "postgresql",
    location: redactDatabaseUrl(url),
    query: base.query,
    async transaction(run) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await run(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
