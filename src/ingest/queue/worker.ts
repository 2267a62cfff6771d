import { hostname } from "node:os";
import type { Job } from "bullmq";
import { z } from "zod";
import { type Logger, silentLogger } from "../../common/logger.js";
import { parseConfig } from "../../common/parse-config.js";
import type { ChunkScanner } from "../chunk-scanner.js";
import { type FileWork, processFile } from "../file-work.js";
import { loadSettings } from "../ingest.js";
import { openQueueConnection, type QueueConnection } from "./connection.js";
import {
  encodeResult,
  type FileResult,
  fileJobSchema,
  ingestQueueName,
  type QueueLocation,
  type RunConfig,
  runConfigSchema,
  runKey,
} from "./wire.js";

/** Options of {@link startIngestWorker}. */
export const ingestWorkerOptionsSchema = z
  .object({
    /** Files processed at once. */
    concurrency: z.number().int().positive().default(1),
    /** Scanning threads (0: on the main thread). */
    workers: z.number().int().min(0).default(1),
    /**
     * Milliseconds a job's lock lasts without renewal (renewed every half): a worker that dies
     * has its job taken back by another after about this long (BullMQ's stalled-job check).
     */
    lockDuration: z.number().int().min(200).default(30_000),
    /** How often a job may stall (its worker died) before it fails for good. */
    maxStalledCount: z.number().int().min(0).default(1),
    /** This worker's name in the jobs it took (`processedBy`); default `<host>-<pid>`. */
    name: z.string().min(1).optional(),
  })
  .strict();
export type IngestWorkerOptions = z.input<typeof ingestWorkerOptionsSchema>;

/** Reasons a file may come good on another attempt or machine: these are retried. */
const retriedReasons = new Set(["read_error", "scan_error", "internal_error"]);

/** A running worker: `close()` finishes the jobs in hand, then disconnects. */
export interface IngestWorker {
  readonly name: string;
  close(): Promise<void>;
}

/** The scanner of the run config last seen (a new scanner set replaces it). */
function scannerCache(workers: number) {
  let current: { key: string; scanner: Promise<ChunkScanner> } | undefined;
  const close = async () => {
    const closing = current;
    current = undefined;
    if (closing) await (await closing.scanner.catch(() => undefined))?.close();
  };
  return {
    async get(config: RunConfig): Promise<ChunkScanner> {
      const key = JSON.stringify(config.scanners);
      if (current?.key !== key) {
        await close();
        const { createInProcessScanner, createWorkerScanner } = await import("../scanners.js");
        current = {
          key,
          scanner:
            workers === 0
              ? createInProcessScanner(config.scanners)
              : createWorkerScanner(config.scanners, workers),
        };
      }
      return current.scanner;
    },
    close,
  };
}

/** Everything a file's scanned batches hold, for the follower; a retried failure throws. */
async function toResult(work: FileWork): Promise<FileResult> {
  if (work.kind === "resumed") throw new Error("a queued file is never resumed");
  if (work.kind === "entry") {
    const { reason, message } = work.entry;
    if (reason && retriedReasons.has(reason)) throw new Error(`${reason}: ${message}`);
    return { kind: "entry", entry: work.entry };
  }
  const result: Extract<FileResult, { kind: "loaded" }> = {
    kind: "loaded",
    entry: work.entry,
    chunks: [],
    scans: [],
    fieldScans: [...work.fieldScans],
  };
  try {
    for (let batch = await work.feed.next(); batch; batch = await work.feed.next()) {
      result.chunks.push(...batch.chunks);
      result.scans.push(...batch.scans);
    }
  } finally {
    work.feed.close();
  }
  return result;
}

/**
 * Consume ingest jobs from the queue: load, split and scan each file with the engine ingest uses,
 * and store the result (gzipped) as the job's return value, where the run's follower takes it and
 * writes it in walk order. A file that cannot be read or scanned throws, so BullMQ retries it with
 * exponential back-off and, after the run's attempts, leaves it failed (a dead letter). A worker
 * that dies mid-file loses its lock; another takes the job over after `lockDuration`.
 *
 * @example
 * const worker = await startIngestWorker({ url: "redis://127.0.0.1:6379" }, { concurrency: 2 });
 * process.once("SIGTERM", () => worker.close());
 */
export async function startIngestWorker(
  location: QueueLocation,
  options: IngestWorkerOptions = {},
  logger: Logger = silentLogger,
): Promise<IngestWorker> {
  const parsed = parseConfig(ingestWorkerOptionsSchema, options, "ingest-worker options");
  const name = parsed.name ?? `${hostname()}-${process.pid}`;
  const connection: QueueConnection = await openQueueConnection(location);
  const { UnrecoverableError, Worker } = await import("bullmq");
  const { redis, prefix } = connection;
  const scanners = scannerCache(parsed.workers);
  const configs = new Map<string, RunConfig>();

  const runConfig = async (run: string): Promise<RunConfig> => {
    const known = configs.get(run);
    if (known) return known;
    const raw = await redis.hget(runKey(prefix, run), "config");
    if (raw === null) throw new UnrecoverableError(`run ${run} is unknown (expired or removed)`);
    const config = runConfigSchema.parse(JSON.parse(raw));
    configs.clear();
    configs.set(run, config);
    return config;
  };

  const processJob = async (job: Job): Promise<string> => {
    const data = fileJobSchema.parse(job.data);
    const config = await runConfig(data.run);
    const scanner = await scanners.get(config);
    const work = await processFile(
      { path: data.path, source: data.source, root: data.root },
      {
        scanner,
        load: loadSettings(config),
        done: new Map(),
        signal: undefined,
        batchWindow: 16,
      },
    );
    const encoded = await encodeResult(await toResult(work));
    // A set, not a counter: a file processed again after a stall still counts once.
    await redis.hset(runKey(prefix, data.run, "processed"), job.id ?? data.path, name);
    logger.info({ run: data.run, source: data.source, attempt: job.attemptsMade + 1 }, "processed");
    return encoded;
  };

  const worker = new Worker(ingestQueueName, processJob, {
    connection: redis,
    prefix,
    name,
    concurrency: parsed.concurrency,
    lockDuration: parsed.lockDuration,
    stalledInterval: parsed.lockDuration,
    maxStalledCount: parsed.maxStalledCount,
  });
  worker.on("failed", (job, error) => {
    const data = fileJobSchema.safeParse(job?.data);
    if (!job || !data.success) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    logger.warn(
      { source: data.data.source, attempt: job.attemptsMade, err: error.message, final },
      final ? "file failed for good (dead letter)" : "file failed, to be retried",
    );
    // For ingest-status while the run goes; the follower records it too when it gets there.
    if (final)
      void redis.hset(runKey(prefix, data.data.run, "dead"), data.data.source, error.message);
  });
  worker.on("error", (error) => logger.error({ err: error.message }, "queue error"));
  await worker.waitUntilReady();
  return {
    name,
    async close() {
      await worker.close();
      await scanners.close();
      await connection.close();
    },
  };
}
