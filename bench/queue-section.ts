import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Redis } from "ioredis";
import { z } from "zod";
import { cachedIngestionCorpus, type IngestionCorpus } from "./ingestion-corpus.js";
import { cpuSeconds, ingestBin, ragguardBin } from "./processes.js";
import type { BenchSection } from "./section.js";
import { formatSpread, type Spread, spread } from "./stats.js";

const seed = 8;
const workerCounts = [1, 3] as const;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const cacheRoot = join(dirname(dirname(ingestBin)), "node_modules", ".cache", "ragguard-bench");

const reportSchema = z.object({
  totals: z.object({ files: z.number(), chunks: z.number(), kept: z.number(), bytes: z.number() }),
  queue: z.object({ dead_letters: z.array(z.unknown()) }),
});

interface QueueRun {
  wallSeconds: number;
  mbPerSecond: number;
  /** CPU seconds of the follower and the workers during the run (workers' start-up excluded). */
  cpuSeconds: number;
  report: z.infer<typeof reportSchema>;
}

/** Start `ragguard ingest-worker` (one scanning thread) and wait until it listens. */
function startWorker(prefix: string, name: string): Promise<ChildProcess> {
  const args = [ragguardBin, "ingest-worker", "--queue", redisUrl, "--queue-prefix", prefix];
  const child = spawn(process.execPath, [...args, "--name", name, "--workers", "1"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      if (seen.includes("waiting for jobs")) return;
      seen = (seen + text).slice(-4000);
      if (seen.includes("waiting for jobs")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`ingest-worker exited (${code}): ${seen}`)));
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Delete every key under `prefix` (the bench's queue and run records). */
async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== "0");
  redis.disconnect();
}

/** One queued run of the corpus with `workers` ingest-worker processes, timed from enqueue to report. */
async function runQueued(corpus: IngestionCorpus, workers: number, out: string): Promise<QueueRun> {
  const prefix = `ragguard-bench-${randomBytes(4).toString("hex")}`;
  const started: ChildProcess[] = [];
  try {
    for (let index = 0; index < workers; index++) {
      started.push(await startWorker(prefix, `bench-${index}`));
    }
    const cpuOf = () => started.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0);
    const workerCpuBefore = cpuOf();
    const args = [ingestBin, corpus.dir, "--out", out, "--queue", redisUrl];
    const begin = performance.now();
    const follower = spawn(
      process.execPath,
      [...args, "--queue-prefix", prefix, "--quiet", "--json"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    follower.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    follower.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    let followerCpu = 0;
    let workerCpu = 0;
    const poll = setInterval(() => {
      const now = cpuSeconds(follower.pid ?? 0);
      if (Number.isFinite(now)) followerCpu = Math.max(followerCpu, now);
      workerCpu = Math.max(workerCpu, cpuOf() - workerCpuBefore);
    }, 100);
    const code = await new Promise<number | null>((resolve) => follower.once("exit", resolve));
    clearInterval(poll);
    const wallSeconds = (performance.now() - begin) / 1000;
    if (code !== 0 && code !== 3) throw new Error(`ingest-cli --queue exited ${code}: ${stderr}`);
    return {
      wallSeconds,
      mbPerSecond: corpus.bytes / 1e6 / wallSeconds,
      cpuSeconds: followerCpu + Math.max(workerCpu, cpuOf() - workerCpuBefore),
      report: reportSchema.parse(JSON.parse(stdout)),
    };
  } finally {
    await Promise.all(started.map(stopWorker));
    await removeKeys(prefix);
    await rm(out, { recursive: true, force: true });
  }
}

interface QueueFigures {
  workers: number;
  mbPerSecond: Spread;
  wallSeconds: Spread;
  cpuSecondsPerMB: Spread;
  chunks: number;
  deadLetters: number;
}

/** Section: `ingest-cli --queue` with 1 and 3 `ingest-worker` processes on this machine's Redis. */
export const queueSection: BenchSection = {
  name: "ingestion-queue",
  title: "Ingestion on a queue — ingest-cli --queue with 1 and 3 ingest-worker processes (Redis)",
  async run({ quick }) {
    const corpus = await cachedIngestionCorpus({
      seed,
      targetBytes: quick ? 5_000_000 : 50_000_000,
      cacheRoot,
    });
    const rounds = quick ? 1 : 3;
    const runs = new Map<number, QueueRun[]>(workerCounts.map((count) => [count, []]));
    const out = await mkdtemp(join(tmpdir(), "ragguard-bench-queue-"));
    try {
      for (let round = 0; round < rounds; round++) {
        for (const count of workerCounts) {
          runs.get(count)!.push(await runQueued(corpus, count, join(out, `q${count}-${round}`)));
        }
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
    const figures: QueueFigures[] = workerCounts.map((count) => {
      const list = runs.get(count)!;
      const last = list.at(-1)!.report;
      return {
        workers: count,
        mbPerSecond: spread(list.map((run) => run.mbPerSecond)),
        wallSeconds: spread(list.map((run) => run.wallSeconds)),
        cpuSecondsPerMB: spread(list.map((run) => run.cpuSeconds / (corpus.bytes / 1e6))),
        chunks: last.totals.chunks,
        deadLetters: last.queue.dead_letters.length,
      };
    });
    const [one, three] = figures;
    return {
      figures: { rounds, corpus: { ...corpus, dir: undefined }, redis: redisUrl, workers: figures },
      header: ["workers", "MB/s", "wall s", "CPU s/MB", "chunks", "dead letters"],
      rows: figures.map((figure) => [
        String(figure.workers),
        formatSpread(figure.mbPerSecond, 3),
        formatSpread(figure.wallSeconds, 1),
        formatSpread(figure.cpuSecondsPerMB),
        String(figure.chunks),
        String(figure.deadLetters),
      ]),
      notes: [
        `Corpus: ${(corpus.bytes / 1e6).toFixed(1)} MB in ${corpus.files} files, seed ${seed}; default scanners; each worker scans on 1 thread.`,
        "MB/s = input bytes / wall time from enqueue to the report (workers started and idle before; their model load on the first job included). CPU s/MB: the follower and the workers during the run (each worker loads the detector models once, on its first file).",
        "All processes share this machine: 3 workers on 2 cores cannot scale; the figure shows the queue's overhead, not a multi-machine speed-up.",
        ...(one && three && one.chunks !== three.chunks
          ? [`Check: chunks differ between 1 worker (${one.chunks}) and 3 (${three.chunks}).`]
          : []),
      ],
    };
  },
};
