import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresRecordManager } from "../../../src/ingest/vector/postgres-record-manager.js";
import { runCli } from "../../helpers/run-cli.js";
import { startFakeEmbeddings } from "./fake-embeddings.js";

describe("ingest-cli --to lancedb://", () => {
  let root: string;
  let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ragguard-cli-lancedb-"));
    fake = await startFakeEmbeddings();
  });
  afterAll(async () => {
    await fake.close();
    await rm(root, { recursive: true, force: true });
  });

  it("indexes the fixture corpus, then writes nothing on the second run (--json report)", async () => {
    const args = [
      "fixtures/docs",
      "--out",
      join(root, "out"),
      "--to",
      `lancedb://${join(root, "vectors")}?table=docs`,
      "--embeddings",
      `${fake.baseUrl}#fake-embed`,
      "--workers",
      "0",
      "--json",
    ];
    const first = await runCli("ingest-cli", args, { timeoutMs: 120_000 });
    expect([0, 3]).toContain(first.code);
    const report = JSON.parse(first.stdout) as { totals: { kept: number }; sink: unknown };
    expect(report.sink).toMatchObject({ added: report.totals.kept, skipped: 0 });
    const second = JSON.parse((await runCli("ingest-cli", args, { timeoutMs: 120_000 })).stdout);
    expect(second.sink).toMatchObject({ added: 0, skipped: report.totals.kept });
    expect(fake.seen.texts).toBe(report.totals.kept);
  }, 240_000);

  it("refuses --to without --embeddings, naming the flag (exit 2)", async () => {
    const result = await runCli("ingest-cli", ["fixtures/docs", "--to", `lancedb://${root}/x`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--to needs --embeddings");
  }, 120_000);
});

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(adminUrl === undefined)("PostgresRecordManager on PostgreSQL", () => {
  const name = `ragguard_test_${randomBytes(4).toString("hex")}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  });

  it("records keys per namespace and group, lists them by time, and deletes them", async () => {
    const records = new PostgresRecordManager(pool, "lancedb://a?table=chunks");
    const other = new PostgresRecordManager(pool, "lancedb://b?table=chunks");
    await records.createSchema();
    await other.createSchema();
    await records.update(["k1", "k2"], { groupIds: ["a.md", "b.md"] });
    await other.update(["k1"], { groupIds: ["a.md"] });
    const middle = await records.getTime();
    await records.update(["k3"], { groupIds: ["a.md"], timeAtLeast: middle });
    // An update without group ids (LangChain's "seen again") keeps the group.
    await records.update(["k2"], {});
    expect(await records.exists(["k1", "k2", "k3", "k4"])).toEqual([true, true, true, false]);
    expect(await records.listKeys({ before: middle })).toEqual(["k1"]);
    expect(await records.listKeys({ groupIds: ["b.md"] })).toEqual(["k2"]);
    expect(await records.listKeys({ after: middle, groupIds: ["a.md"] })).toEqual(["k3"]);
    await records.deleteKeys(["k1"]);
    expect(await records.exists(["k1"])).toEqual([false]);
    expect(await other.exists(["k1"])).toEqual([true]);
    await expect(records.update(["k9"], { timeAtLeast: middle + 3600 })).rejects.toThrow(/time/);
    expect(() => new PostgresRecordManager(pool, "x", "bad;table")).toThrow(/invalid/);
  });
});
