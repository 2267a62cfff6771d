import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Database } from "../../../src/gateway/db/database.js";
import { runMigrations } from "../../../src/gateway/db/migrations.js";
import { openPGliteDatabase } from "../../../src/gateway/db/pglite.js";
import { openPostgresDatabase } from "../../../src/gateway/db/postgres.js";

/** A migrated database and how to dispose of it. */
export interface TestDatabase {
  name: string;
  db: Database;
  url: string;
  dispose(): Promise<void>;
}

/** An in-memory PGlite (open one per test file: the first open takes seconds). */
export async function openTestPGlite(): Promise<TestDatabase> {
  const db = await openPGliteDatabase("memory");
  await runMigrations(db);
  return { name: "pglite", db, url: "pglite://memory", dispose: () => db.close() };
}

/**
 * A fresh database `ragguard_test_<random>` on the PostgreSQL server of `DATABASE_URL`
 * (an admin connection), dropped by `dispose`. Undefined when `DATABASE_URL` is not set.
 */
export async function openTestPostgres(): Promise<TestDatabase | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl === undefined || adminUrl === "") return undefined;
  const dbName = `ragguard_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const db = await openPostgresDatabase(url.toString());
  await runMigrations(db);
  return {
    name: "postgresql",
    db,
    url: url.toString(),
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
