import { Command, Option } from "commander";
import { createLogger } from "../../src/common/logger.js";
import { printable } from "../../src/common/printable.js";
import { action, ExitCode, parsePositiveInt, waitForShutdown } from "../run.js";

interface QueueFlags {
  queue: string;
  queuePrefix: string;
  json: boolean;
  quiet: boolean;
  concurrency: number;
  workers: number;
  lockMs: number;
  name?: string;
}

/** A command with `--queue` (required, or `RAGGUARD_QUEUE`) and `--queue-prefix`. */
const queueCommand = (name: string, description: string) =>
  new Command(name)
    .description(description)
    .addOption(
      new Option("--queue <redis-url>", "the queue's Redis")
        .env("RAGGUARD_QUEUE")
        .makeOptionMandatory(),
    )
    .option("--queue-prefix <prefix>", "Redis key prefix of the queue", "ragguard");

/** `ragguard ingest-worker`: process queued ingest jobs until SIGINT/SIGTERM. */
export function ingestWorkerCommand(): Command {
  return queueCommand(
    "ingest-worker",
    "Load, split and scan the files of queued runs (ingest-cli --queue).",
  )
    .option("--concurrency <n>", "files at once", parsePositiveInt("--concurrency"), 1)
    .option(
      "--workers <n>",
      "scanning threads (0: main thread)",
      (v) => (v === "0" ? 0 : parsePositiveInt("--workers")(v)),
      1,
    )
    .option(
      "--lock-ms <ms>",
      "a dead worker's file is taken over after",
      parsePositiveInt("--lock-ms"),
      30_000,
    )
    .option("--name <name>", "this worker's name in the jobs (default host-pid)")
    .option("-q, --quiet", "log errors only", false)
    .action(
      action(async (flags: QueueFlags) => {
        const { startIngestWorker } = await import("../../src/ingest/queue/worker.js");
        const logger = createLogger({ level: flags.quiet ? "error" : "info", format: "text" });
        const { concurrency, workers, lockMs: lockDuration, name } = flags;
        const options = { concurrency, workers, lockDuration, ...(name ? { name } : {}) };
        const worker = await startIngestWorker(
          { url: flags.queue, prefix: flags.queuePrefix },
          options,
          logger,
        );
        logger.info({ worker: worker.name }, "ingest-worker waiting for jobs");
        await waitForShutdown();
        await worker.close();
        return ExitCode.ok;
      }),
    );
}

/** `ragguard ingest-status RUN`: a queued run's progress. */
export function ingestStatusCommand(): Command {
  return queueCommand("ingest-status", "Show a queued ingest run's progress and dead letters.")
    .argument("<run>", "run id (printed by ingest-cli --queue)")
    .option("--json", "print the status as JSON", false)
    .action(
      action(async (run: string, flags: QueueFlags) => {
        const { formatRunStatus, readRunStatus } = await import("../../src/ingest/queue/status.js");
        const status = await readRunStatus({ url: flags.queue, prefix: flags.queuePrefix }, run);
        process.stdout.write(
          flags.json ? `${JSON.stringify(status, null, 2)}\n` : formatRunStatus(status, printable),
        );
        return ExitCode.ok;
      }),
    );
}
