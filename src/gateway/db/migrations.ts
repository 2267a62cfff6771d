import type { Database } from "./database.js";

interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Schema history, applied in order; append only, never edit a released entry. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "create keys",
    sql: `CREATE TABLE ragguard_gateway_keys (
      token_id text PRIMARY KEY,
      key_hash text NOT NULL UNIQUE,
      key_alias text,
      models jsonb NOT NULL DEFAULT '[]'::jsonb,
      permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      rpm_limit integer,
      blocked boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
  {
    version: 2,
    name: "key limits and budgets",
    sql: `ALTER TABLE ragguard_gateway_keys
      ADD COLUMN tpm_limit integer,
      ADD COLUMN max_parallel_requests integer,
      ADD COLUMN max_budget double precision,
      ADD COLUMN budget_duration text`,
  },
  {
    // One row per key and budget period; written in batches by the spend recorder.
    version: 3,
    name: "key spend",
    sql: `CREATE TABLE ragguard_gateway_key_spend (
      token_id text NOT NULL REFERENCES ragguard_gateway_keys (token_id) ON DELETE CASCADE,
      period bigint NOT NULL,
      requests bigint NOT NULL DEFAULT 0,
      prompt_tokens bigint NOT NULL DEFAULT 0,
      completion_tokens bigint NOT NULL DEFAULT 0,
      spend double precision NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (token_id, period)
    )`,
  },
  {
    version: 4,
    name: "key guard policy",
    sql: `ALTER TABLE ragguard_gateway_keys
      ADD COLUMN guard jsonb,
      ADD COLUMN guard_rpm_limit integer`,
  },
];

/** Lock id shared by every gateway instance, so only one migrates at a time. */
const migrationLockId = 7_302_114_001;

/** Apply every migration not yet recorded; returns the versions applied now. */
export async function runMigrations(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [migrationLockId]);
    await tx.query(`CREATE TABLE IF NOT EXISTS ragguard_gateway_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>(
      "SELECT version FROM ragguard_gateway_migrations",
    );
    const done = new Set(rows.map((row) => Number(row.version)));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.query(migration.sql);
      await tx.query("INSERT INTO ragguard_gateway_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
