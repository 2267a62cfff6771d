import type {
  ListKeyOptions,
  RecordManagerInterface,
  UpdateOptions,
} from "@langchain/core/indexing";
import type { Pool } from "pg";

/** A table name PostgreSQL takes unquoted: letters, digits and underscores. */
const tableName = /^[a-z_][a-z0-9_]*$/;

/**
 * LangChain's `RecordManager` interface on PostgreSQL, in the table layout of LangChain's
 * `PostgresRecordManager` (`key`, `namespace`, `group_id`, `updated_at`; one row per chunk hash
 * and namespace), so several machines indexing into one store share one record. Time comes from
 * the database (`clock_timestamp()`), so the machines' clocks do not matter.
 *
 * @example
 * const records = new PostgresRecordManager(pool, "lancedb://./vectors?table=chunks");
 * await records.createSchema();
 */
export class PostgresRecordManager implements RecordManagerInterface {
  constructor(
    private readonly pool: Pool,
    readonly namespace: string,
    private readonly table = "ragguard_upsertion_record",
  ) {
    if (!tableName.test(table)) throw new Error(`invalid record table name "${table}"`);
  }

  async createSchema(): Promise<void> {
    await this.pool.query(`
      CREATE TABLE IF NOT EXISTS ${this.table} (
        key TEXT NOT NULL,
        namespace TEXT NOT NULL,
        group_id TEXT,
        updated_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX IF NOT EXISTS ${this.table}_updated ON ${this.table} (namespace, updated_at);
      CREATE INDEX IF NOT EXISTS ${this.table}_group ON ${this.table} (namespace, group_id);`);
  }

  async getTime(): Promise<number> {
    const { rows } = await this.pool.query<{ now: number }>(
      "SELECT EXTRACT(EPOCH FROM clock_timestamp())::double precision AS now",
    );
    return Number(rows[0]!.now);
  }

  async update(keys: string[], options: UpdateOptions = {}): Promise<void> {
    if (keys.length === 0) return;
    const { groupIds, timeAtLeast } = options;
    if (groupIds !== undefined && groupIds.length !== keys.length) {
      throw new Error(`${keys.length} keys but ${groupIds.length} group ids`);
    }
    const updatedAt = await this.getTime();
    if (timeAtLeast !== undefined && updatedAt < timeAtLeast) {
      throw new Error(`time went back: ${updatedAt} is before ${timeAtLeast}`);
    }
    await this.pool.query(
      `INSERT INTO ${this.table} (key, namespace, group_id, updated_at)
       SELECT key, $2, group_id, $3 FROM unnest($1::text[], $4::text[]) AS t(key, group_id)
       ON CONFLICT (namespace, key) DO UPDATE
         SET updated_at = EXCLUDED.updated_at,
             group_id = COALESCE(EXCLUDED.group_id, ${this.table}.group_id)`,
      [keys, this.namespace, updatedAt, groupIds ?? keys.map(() => null)],
    );
  }

  async exists(keys: string[]): Promise<boolean[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<{ key: string }>(
      `SELECT key FROM ${this.table} WHERE namespace = $1 AND key = ANY($2::text[])`,
      [this.namespace, keys],
    );
    const found = new Set(rows.map((row) => row.key));
    return keys.map((key) => found.has(key));
  }

  async listKeys(options: ListKeyOptions = {}): Promise<string[]> {
    const where = ["namespace = $1"];
    const params: unknown[] = [this.namespace];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace("?", `$${params.length}`));
    };
    if (options.before !== undefined) add("updated_at < ?", options.before);
    if (options.after !== undefined) add("updated_at > ?", options.after);
    if (options.groupIds !== undefined) add("group_id = ANY(?::text[])", options.groupIds);
    const limit = options.limit === undefined ? "" : ` LIMIT ${Math.max(0, options.limit)}`;
    const { rows } = await this.pool.query<{ key: string }>(
      `SELECT key FROM ${this.table} WHERE ${where.join(" AND ")} ORDER BY key${limit}`,
      params,
    );
    return rows.map((row) => row.key);
  }

  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.pool.query(
      `DELETE FROM ${this.table} WHERE namespace = $1 AND key = ANY($2::text[])`,
      [this.namespace, keys],
    );
  }
}
