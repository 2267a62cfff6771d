import { Command, Option } from "commander";
import { createLogger } from "../../src/common/logger.js";
import { printable } from "../ingest/safe-text.js";
import { action, ExitCode, parsePositiveInt, waitForShutdown } from "../run.js";

const parseCount = (value: string) => (value === "0" ? 0 : parsePositiveInt("--workers")(value));
const queueOption = () =>
  new Option("--queue <redis-url>", "Redis of the queue (as given to ingest-cli --queue)")
    .env("RAGGUARD_QUEUE")
    .makeOptionMandatory();
const prefixOption = () =>
  new Option("--queue-prefix <prefix>", "Redis key prefix of the queue").default("ragguard");

interface QueueFlags {
  queue: string;
  queuePrefix: string;
}
interface WorkerFlags extends QueueFlags {
  concurrency: number;
  workers: number;
  lockMs: number;
  name?: string;
  quiet: boolean;
}

/** `ragguard ingest-worker`: process queued ingest jobs until SIGINT/SIGTERM. */
export function ingestWorkerCommand(): Command {
  return new Command("ingest-worker")
    .description("Load, split and scan the files of queued ingest runs (see ingest-cli --queue).")
    .addOption(queueOption())
    .addOption(prefixOption())
    .option("--concurrency <n>", "files at once", parsePositiveInt("--concurrency"), 1)
    .option("--workers <n>", "scanning threads (0: main thread)", parseCount, 1)
    .option(
      "--lock-ms <ms>",
      "a dead worker's file is retried after",
      parsePositiveInt("--lock-ms"),
      30_000,
    )
    .option("--name <name>", "this worker's name in the jobs (default host-pid)")
    .option("-q, --quiet", "log errors only", false)
    .action(
      action(async (options: WorkerFlags) => {
        const { startIngestWorker } = await import("../../src/ingest/queue/worker.js");
        const logger = createLogger({ level: options.quiet ? "error" : "info", format: "text" });
        const location = { url: options.queue, prefix: options.queuePrefix };
        const worker = await startIngestWorker(
          location,
          {
            concurrency: options.concurrency,
            workers: options.workers,
            lockDuration: options.lockMs,
            ...(options.name ? { name: options.name } : {}),
          },
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
  return new Command("ingest-status")
    .description("Show a queued ingest run's progress and dead letters.")
    .argument("<run>", "run id (printed by ingest-cli --queue)")
    .addOption(queueOption())
    .addOption(prefixOption())
    .option("--json", "print the status as JSON", false)
    .action(
      action(async (run: string, options: QueueFlags & { json: boolean }) => {
        const { formatRunStatus, readRunStatus } = await import("../../src/ingest/queue/status.js");
        const status = await readRunStatus(
          { url: options.queue, prefix: options.queuePrefix },
          run,
        );
        const text = options.json
          ? `${JSON.stringify(status, null, 2)}\n`
          : formatRunStatus(status, printable);
        process.stdout.write(text);
        return ExitCode.ok;
      }),
    );
}
