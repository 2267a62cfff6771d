import { setTimeout as sleep } from "node:timers/promises";
import type { Queue } from "bullmq";
import { z } from "zod";
import type { InputFile } from "../../../loaders/walk.js";
import { ConfigError } from "../../common/errors.js";
import { parseConfig } from "../../common/parse-config.js";
import { windowedFeed } from "../batch-feed.js";
import { type FileWork, scanBatchSize } from "../file-work.js";
import { loadSettings, prepareIngest, runIngest } from "../ingest.js";
import type { IngestOptions } from "../options.js";
import type { DeadLetter, FileEntry, IngestReport } from "../report.js";
import { saveVault } from "../vault-file.js";
import { openQueueConnection, type QueueConnection } from "./connection.js";
import { enqueueRun } from "./enqueue.js";
import {
  decodeResult,
  type FileResult,
  ingestQueueName,
  jobIdFor,
  newRunId,
  queueLocationSchema,
  runIdSchema,
  runKey,
} from "./wire.js";

/** How long run records and dead letters stay in Redis after the run's report is written. */
const keepSeconds = 7 * 24 * 3600;
/** How often the follower looks for a file's result. */
const pollMs = 150;

/** The queue part of {@link ingestQueued}'s options. */
export const queueRunOptionsSchema = queueLocationSchema
  .extend({
    /** Reuse a run id (re-enqueue and follow it: only files whose jobs are gone are added). */
    runId: runIdSchema.optional(),
    /** Tries per file before it becomes a dead letter. */
    attempts: z.number().int().positive().default(3),
    /** Milliseconds before the first retry, doubled for each next one. */
    backoffMs: z.number().int().min(0).default(1000),
    /** Follow the run and write its outputs (false: enqueue and return). */
    wait: z.boolean().default(true),
    /** Called once the files are queued, with the run id. */
    onQueued: z.custom<(run: { runId: string; files: number }) => void>().optional(),
  })
  .strict();
export type QueueRunOptions = z.input<typeof queueRunOptionsSchema>;

/** A stored result as the engine's work: its batches fed to the writer from memory. */
function toWork(result: FileResult): FileWork {
  if (result.kind === "entry") return { kind: "entry", entry: result.entry };
  const { chunks, scans } = result;
  const batches = Math.ceil(chunks.length / scanBatchSize);
  const feed = windowedFeed(batches, 1, async (index) => {
    const from = index * scanBatchSize;
    return {
      chunks: chunks.slice(from, from + scanBatchSize),
      scans: scans.slice(from, from + scanBatchSize),
    };
  });
  return { kind: "loaded", entry: result.entry, feed, fieldScans: new Map(result.fieldScans) };
}

/**
 * The work of one queued file once a worker finished it: its stored result (then its job is
 * removed), or a dead letter when it failed for good. After `signal` aborts, a file not finished
 * yet is `pending` (its job stays queued; following the run id again picks it up).
 */
function resultTaker(
  queue: Queue,
  runId: string,
  signal: AbortSignal | undefined,
  dead: DeadLetter[],
) {
  return async (file: InputFile): Promise<FileWork> => {
    const id = jobIdFor(runId, file.path);
    const base = { source: file.source, path: file.path };
    for (;;) {
      if (signal?.aborted)
        return { kind: "entry", entry: { ...base, status: "pending", bytes: 0 } };
      const state = await queue.getJobState(id);
      if (state === "completed" || state === "failed") {
        const job = await queue.getJob(id);
        if (!job) throw new Error(`job ${id} of ${file.source} vanished`);
        if (state === "completed") {
          const work = toWork(await decodeResult(job.returnvalue, id));
          await job.remove();
          return work;
        }
        const letter = { ...base, attempts: job.attemptsMade, error: job.failedReason };
        dead.push(letter);
        const entry: FileEntry = {
          ...base,
          status: "skipped",
          bytes: 0,
          reason: "dead_letter",
          message: `failed ${letter.attempts} time(s), moved to the dead letters: ${letter.error}`,
        };
        return { kind: "entry", entry };
      }
      if (state === "unknown") throw new Error(`job ${id} of ${file.source} is not queued`);
      await sleep(pollMs);
    }
  };
}

/** Record the run's end in Redis: state, dead letters; the records expire after a week. */
async function closeRun(
  connection: QueueConnection,
  runId: string,
  report: IngestReport,
  dead: readonly DeadLetter[],
) {
  const { redis, prefix } = connection;
  const deadKey = runKey(prefix, runId, "dead");
  for (const letter of dead) {
    await redis.hset(deadKey, letter.source, letter.error);
  }
  await redis.hset(runKey(prefix, runId), {
    state: report.status,
    merged: report.totals.files - report.totals.pending,
  });
  for (const key of [runKey(prefix, runId), runKey(prefix, runId, "processed"), deadKey]) {
    await redis.expire(key, keepSeconds);
  }
}

/**
 * Ingest through a BullMQ queue on Redis: walk the inputs here, queue one job per file under a
 * run id, and (unless `wait` is false) follow the run — as `ragguard ingest-worker` processes on
 * any machines finish files, take their results in walk order and write them through the same
 * writer and sink as {@link ingest}: the outputs equal a single-process run's. One `report.json`
 * for the run, with the files that failed every attempt as `dead_letter` and in `queue.dead_letters`.
 *
 * @returns the report, or only the run id when `wait` is false
 * @throws {IngestUnusableError} when the Redis cannot be reached
 *
 * @example
 * const report = await ingestQueued(["docs"], { outDir: "out" }, { url: "redis://127.0.0.1:6379" });
 */
export async function ingestQueued(
  paths: readonly string[],
  options: IngestOptions,
  queueOptions: QueueRunOptions,
): Promise<{ runId: string; report?: IngestReport }> {
  const queued = parseConfig(queueRunOptionsSchema, queueOptions, "queue options");
  if (options.resume) throw new ConfigError("--resume does not apply to --queue (reuse --run-id)");
  if (options.guardUrl) throw new ConfigError("--guard-url does not apply to --queue");
  const prepared = await prepareIngest(paths, options);
  const { options: parsed, set, files } = prepared;
  const runId = queued.runId ?? newRunId();
  const connection = await openQueueConnection({ url: queued.url, prefix: queued.prefix });
  const { Queue } = await import("bullmq");
  const queue = new Queue(ingestQueueName, { connection: connection.redis, prefix: queued.prefix });
  try {
    const config = { ...loadSettings(parsed), scanners: set.configs, files: files.length };
    const retry = { attempts: queued.attempts, backoffMs: queued.backoffMs };
    await enqueueRun(queue, connection, { id: runId, config, files, retry });
    queued.onQueued?.({ runId, files: files.length });
    if (!queued.wait) return { runId };
    const dead: DeadLetter[] = [];
    const report = await runIngest({
      ...prepared,
      settings: { ...prepared.settings, scanning: "queue" },
      done: new Map(),
      produce: resultTaker(queue, runId, parsed.signal, dead),
      extend: (built) => {
        built.queue = { run: runId, redis: connection.where, dead_letters: dead };
      },
    });
    if (parsed.vaultFile) await saveVault(parsed.vaultFile, prepared.vault);
    await closeRun(connection, runId, report, dead);
    return { runId, report };
  } finally {
    await queue.close();
    await connection.close();
  }
}
