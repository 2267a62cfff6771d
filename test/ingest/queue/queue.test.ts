import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateIngestionCorpus } from "../../../bench/ingestion-corpus.js";
import { ingest } from "../../../src/ingest/ingest.js";
import { createTestRedis, type TestRedis } from "../../fleet/fleet-services.js";
import { runCli } from "../../helpers/run-cli.js";

const bin = fileURLToPath(new URL("../../helpers/ragguard-bin.ts", import.meta.url));
const scanners = "InvisibleText,Secrets,Anonymize";

let redis: TestRedis | string;
let dir: string;
let corpus: string;
let corpusFiles = 0;
beforeAll(async () => {
  redis = await createTestRedis();
  dir = await mkdtemp(join(tmpdir(), "ragguard-queue-"));
  corpus = join(dir, "corpus");
  corpusFiles = (await generateIngestionCorpus({ dir: corpus, seed: 3, targetBytes: 300_000 }))
    .files;
});
afterAll(async () => {
  if (typeof redis !== "string") await redis.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** The test's Redis URL and key prefix (the prefix without its trailing colon). */
function where(): { url: string; prefix: string } {
  if (typeof redis === "string") throw new Error(redis);
  return { url: redis.url, prefix: redis.prefix.slice(0, -1) };
}

function startWorker(name: string): ChildProcess {
  const { url, prefix } = where();
  const args = ["--import", "tsx", bin, "ingest-worker", "--queue", url, "--queue-prefix", prefix];
  const flags = ["--name", name, "--concurrency", "2", "--workers", "0", "--lock-ms", "6000"];
  return spawn(process.execPath, [...args, ...flags], { stdio: ["ignore", "ignore", "pipe"] });
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const lines = async (path: string) => (await readFile(path, "utf8")).split("\n").filter(Boolean);
const ids = (jsonl: string[]) => jsonl.map((line) => (JSON.parse(line) as { id: string }).id);

describe("ingest-cli --queue with ingest-worker processes", () => {
  it.skipIf(typeof redis === "string")(
    "three workers, one SIGKILLed mid-run: the same chunks as one process, once each; a file that keeps failing is a dead letter",
    async () => {
      const { url, prefix } = where();
      const poison = join(corpus, "md", "poison.md");
      await writeFile(poison, "# Poison\n\nThis file is gone before any worker reads it.\n");
      const out = join(dir, "queued");
      const queueFlags = ["--queue", url, "--queue-prefix", prefix];
      const follower = runCli(
        "ingest-cli",
        [corpus, "--out", out, "--scanners", scanners, ...queueFlags, "--run-id", "r1"],
        { env: {}, timeoutMs: 200_000 },
      );
      // Once every job is queued, the poison file goes: every read of it fails.
      const connection = new Redis(url, { maxRetriesPerRequest: null });
      const queue = new Queue("ingest", { connection, prefix });
      const total = corpusFiles + 1;
      await until(async () => {
        const counts = await queue.getJobCounts("waiting");
        return counts.waiting === total ? true : undefined;
      }, "the jobs");
      await rm(poison);
      const workers = ["w1", "w2", "w3"].map(startWorker);
      try {
        const killed = await until(async () => {
          const active = await queue.getJobs(["active"]);
          const done = await queue.getJobCounts("completed");
          const mine = active.find((job) => job.processedBy === "w1");
          return mine && (done.completed ?? 0) >= 3 ? mine.id : undefined;
        }, "w1 to hold a job");
        workers[0]!.kill("SIGKILL");
        const result = await follower;
        expect(result.code, result.stderr).toBe(3);
        const report = JSON.parse(await readFile(join(out, "report.json"), "utf8"));
        expect(report.totals.files).toBe(total);
        expect(report.queue.dead_letters).toEqual([
          expect.objectContaining({ source: "md/poison.md", attempts: 3 }),
        ]);
        expect(
          report.files.find((file: { source: string }) => file.source === "md/poison.md"),
        ).toMatchObject({ status: "skipped", reason: "dead_letter" });
        expect(killed).toMatch(/^r1\./);

        await rm(join(dir, "single"), { recursive: true, force: true });
        await ingest([corpus], {
          outDir: join(dir, "single"),
          scanners: scanners.split(",").map((type) => ({ type })),
          workers: 0,
        });
        const queued = await lines(join(out, "chunks.jsonl"));
        const single = await lines(join(dir, "single", "chunks.jsonl"));
        expect(new Set(ids(queued)).size).toBe(queued.length);
        expect(ids(queued).sort()).toEqual(ids(single).sort());
        expect(queued).toEqual(single);
        expect(await lines(join(out, "dropped.jsonl"))).toEqual(
          await lines(join(dir, "single", "dropped.jsonl")),
        );

        const status = await runCli("ragguard", ["ingest-status", "r1", ...queueFlags, "--json"]);
        expect(status.code, status.stderr).toBe(0);
        expect(JSON.parse(status.stdout)).toMatchObject({
          run: "r1",
          state: "done",
          files: total,
          processed: total - 1,
          merged: total,
          dead_letters: [{ source: "md/poison.md", error: expect.stringContaining("read_error") }],
        });
      } finally {
        for (const worker of workers) worker.kill("SIGTERM");
        await queue.close();
        connection.disconnect();
      }
    },
    240_000,
  );

  it.skipIf(typeof redis === "string")(
    "--no-wait prints the run id; enqueueing the run again adds no job; the same run id over other inputs is refused",
    async () => {
      const { url, prefix } = where();
      const flags = ["--queue", url, "--queue-prefix", prefix, "--scanners", "Secrets"];
      const docs = "fixtures/docs/policy";
      const first = await runCli("ingest-cli", [docs, ...flags, "--run-id", "r2", "--no-wait"]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe("r2\n");
      const again = await runCli("ingest-cli", [docs, ...flags, "--run-id", "r2", "--no-wait"]);
      expect(again.code, again.stderr).toBe(0);
      const connection = new Redis(url, { maxRetriesPerRequest: null });
      const queue = new Queue("ingest", { connection, prefix });
      try {
        const jobs = await queue.getJobs(["waiting"]);
        const files = jobs.filter((job) => job.id?.startsWith("r2."));
        expect(files.length).toBeGreaterThan(0);
        expect(new Set(files.map((job) => job.data.path)).size).toBe(files.length);
        const status = await runCli("ragguard", ["ingest-status", "r2", ...flags.slice(0, 4)]);
        expect(status.stdout).toContain(`r2: running`);
        expect(status.stdout).toContain(`0/${files.length} processed`);
      } finally {
        await queue.close();
        connection.disconnect();
      }
      const other = await runCli("ingest-cli", ["fixtures/docs", ...flags, "--run-id", "r2"]);
      expect(other.code).toBe(2);
      expect(other.stderr).toContain("run r2 already exists with other inputs or settings");
      // Results scanned under one scanner set are never taken for a run asking for another.
      const weaker = [...flags.slice(0, 4), "--scanners", "InvisibleText", "--run-id", "r2"];
      const swapped = await runCli("ingest-cli", [docs, ...weaker]);
      expect(swapped.code).toBe(2);
      expect(swapped.stderr).toContain("run r2 already exists with other inputs or settings");
      const unknown = await runCli("ragguard", ["ingest-status", "nope", ...flags.slice(0, 4)]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("no run nope");
    },
    120_000,
  );
});
