import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";

/** The machine's PostgreSQL (admin connection) and Redis; override with these variables. */
export const adminDatabaseUrl =
  process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const redisBaseUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** A database of its own on the shared PostgreSQL, dropped by `dispose`. */
export interface TestPostgres {
  readonly url: string;
  dispose(): Promise<void>;
}

/** Create `ragguard_fleet_<random>`; undefined (with the reason) when PostgreSQL is unreachable. */
export async function createTestPostgres(): Promise<TestPostgres | string> {
  const name = `ragguard_fleet_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return `PostgreSQL at ${adminDatabaseUrl}: ${(error as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async dispose() {
      const cleanup = new pg.Client({ connectionString: adminDatabaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A Redis db number and key prefix of its own; `dispose` deletes every key under the prefix. */
export interface TestRedis {
  readonly url: string;
  readonly prefix: string;
  readonly client: Redis;
  dispose(): Promise<void>;
}

/** Pick a db number and a random prefix; a string (the reason) when Redis is unreachable. */
export async function createTestRedis(): Promise<TestRedis | string> {
  const db = 1 + ((randomBytes(1)[0] ?? 0) % 15);
  const url = `${redisBaseUrl.replace(/\/\d*$/, "")}/${db}`;
  const prefix = `ragguard-test-${randomBytes(5).toString("hex")}:`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    return `Redis at ${url}: ${(error as Error).message}`;
  }
  return {
    url,
    prefix,
    client,
    async dispose() {
      let cursor = "0";
      do {
        const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        cursor = next;
        if (keys.length > 0) await client.del(...keys);
      } while (cursor !== "0");
      client.disconnect();
    },
  };
}
