import type { Queue } from "bullmq";
import type { InputFile } from "../../../loaders/walk.js";
import { ConfigError } from "../../common/errors.js";
import type { QueueConnection } from "./connection.js";
import { type FileJob, jobIdFor, type RunConfig, runKey } from "./wire.js";

/** A result no follower took, and a dead letter, are removed from the queue after a week. */
const keep = { age: 7 * 24 * 3600 };
/** Jobs added per Redis round trip. */
const bulkSize = 500;

/** How a run's failed files are retried. */
export interface RetryPolicy {
  /** Tries per file, the first included. */
  attempts: number;
  /** Milliseconds before the first retry; doubled for each next one. */
  backoffMs: number;
}

/**
 * Record the run's config (a run id reused with other settings is refused) and add one job per
 * file with the id `<run>.<hash of path>`: adding a run again (same id) adds only the files whose
 * jobs are gone, so nothing is queued twice and results still in Redis are reused.
 */
export async function enqueueRun(
  queue: Queue,
  connection: QueueConnection,
  run: { id: string; config: RunConfig; files: readonly InputFile[]; retry: RetryPolicy },
): Promise<void> {
  const key = runKey(connection.prefix, run.id);
  const config = JSON.stringify(run.config);
  await connection.redis.hsetnx(key, "config", config);
  const stored = await connection.redis.hget(key, "config");
  if (stored !== config) {
    throw new ConfigError(
      `run ${run.id} already exists with other inputs or settings; use a new --run-id`,
    );
  }
  await connection.redis.hset(key, "state", "running");
  await connection.redis.persist(key);
  for (let from = 0; from < run.files.length; from += bulkSize) {
    const jobs = run.files.slice(from, from + bulkSize).map((file) => {
      const data: FileJob = { run: run.id, path: file.path, source: file.source, root: file.root };
      return {
        name: "file",
        data,
        opts: {
          jobId: jobIdFor(run.id, file.path),
          attempts: run.retry.attempts,
          backoff: { type: "exponential", delay: run.retry.backoffMs },
          removeOnComplete: keep,
          removeOnFail: keep,
        },
      };
    });
    await queue.addBulk(jobs);
  }
}
