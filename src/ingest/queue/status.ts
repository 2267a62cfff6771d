import { ConfigError } from "../../common/errors.js";
import { openQueueConnection } from "./connection.js";
import { type QueueLocation, runConfigSchema, runIdSchema, runKey } from "./wire.js";

/** Where a queued run stands (`ragguard ingest-status RUN --json`). */
export interface RunStatus {
  run: string;
  /**
   * `running` (files left to process), `processed` (all processed; the follower has yet to write
   * them), `done` or `interrupted` (the follower wrote the outputs and the report).
   */
  state: "running" | "processed" | "done" | "interrupted";
  files: number;
  /** Files a worker finished (each counted once, however often it was retried). */
  processed: number;
  /** Files whose result the follower wrote (known once it is done). */
  merged?: number;
  /** Files that failed every attempt, with the last error (written by the follower). */
  dead_letters: Array<{ source: string; error: string }>;
}

/** Read a run's progress from Redis; a `ConfigError` when the run is unknown or expired. */
export async function readRunStatus(location: QueueLocation, runId: string): Promise<RunStatus> {
  const run = runIdSchema.safeParse(runId);
  if (!run.success)
    throw new ConfigError(`run id ${JSON.stringify(runId)}: ${run.error.issues[0]?.message}`);
  const connection = await openQueueConnection(location);
  try {
    const { redis, prefix } = connection;
    const record = await redis.hgetall(runKey(prefix, runId));
    if (record.config === undefined) {
      throw new ConfigError(`no run ${runId} on ${connection.where} (prefix ${prefix})`);
    }
    const { files } = runConfigSchema.parse(JSON.parse(record.config));
    const processed = await redis.hlen(runKey(prefix, runId, "processed"));
    const dead = await redis.hgetall(runKey(prefix, runId, "dead"));
    const ended = record.state === "done" || record.state === "interrupted";
    return {
      run: runId,
      state: ended
        ? (record.state as "done" | "interrupted")
        : processed >= files
          ? "processed"
          : "running",
      files,
      processed,
      ...(record.merged !== undefined ? { merged: Number(record.merged) } : {}),
      dead_letters: Object.entries(dead).map(([source, error]) => ({ source, error })),
    };
  } finally {
    await connection.close();
  }
}

/** The status as lines for a terminal (names passed through `printable` by the caller). */
export function formatRunStatus(status: RunStatus, printable: (text: string) => string): string {
  const lines = [
    `run ${status.run}: ${status.state}`,
    `  files      ${status.processed}/${status.files} processed${status.merged !== undefined ? `, ${status.merged} written` : ""}`,
    `  dead       ${status.dead_letters.length}`,
    ...status.dead_letters.map(
      (letter) => `    ${printable(letter.source)}  ${printable(letter.error)}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
