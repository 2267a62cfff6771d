import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../../../src/gateway/db/database.js";
import { runMigrations } from "../../../src/gateway/db/migrations.js";
import { wrapPGlite } from "../../../src/gateway/db/pglite.js";
import { openPostgresDatabase } from "../../../src/gateway/db/postgres.js";

/** A migrated database and how to dispose of it. */
export interface TestDatabase {
  name: string;
  db: Database;
  url: string;
  dispose(): Promise<void>;
}

const templatePath = join("node_modules", ".cache", "ragguard-test", "pglite-gateway.tar");

/**
 * Bytes of a migrated PGlite data dir, made once and cached under node_modules/.cache: PGlite's
 * initdb takes seconds, loading a dump a fraction of that.
 */
async function pgliteTemplate(): Promise<Blob> {
  try {
    return new Blob([await readFile(templatePath)]);
  } catch {
    const pglite = new PGlite();
    await pglite.waitReady;
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    await mkdir(dirname(templatePath), { recursive: true });
    const temporary = `${templatePath}.${process.pid}.tmp`;
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    await rename(temporary, templatePath);
    return dump;
  }
}

async function loadTemplate(): Promise<PGlite> {
  try {
    const pglite = new PGlite({ loadDataDir: await pgliteTemplate() });
    await pglite.waitReady;
    return pglite;
  } catch {
    // A template from another PGlite version: make a new one.
    await rm(templatePath, { force: true });
    const pglite = new PGlite({ loadDataDir: await pgliteTemplate() });
    await pglite.waitReady;
    return pglite;
  }
}

/** An in-memory, migrated PGlite (open one per test file). */
export async function openTestPGlite(): Promise<TestDatabase> {
  const db = await wrapPGlite(await loadTemplate());
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
