import { createLogger } from "../../src/common/logger.js";
import { loadIngestConfig } from "../../src/ingest/config-file.js";
import { IngestUnusableError } from "../../src/ingest/errors.js";
import { ingest } from "../../src/ingest/ingest.js";
import type { IngestOptions, IngestProgressEvent } from "../../src/ingest/options.js";
import { formatIngestSummary } from "../../src/ingest/summary.js";
import { isScannerName, unknownTypeMessage } from "../../src/scanners/scanner-config.js";
import { ExitCode, UsageError } from "../run.js";
import type { IngestCliOptions } from "./options.js";
import { createProgress, type Progress } from "./progress.js";
import { vectorSinkFromFlags } from "./vector-options.js";

/** Exit code after Ctrl-C: outputs were written and the report says `interrupted`. */
export const interruptedExitCode = 130;

/** Stop taking new files on the first Ctrl-C; a second one exits at once (old outputs stay intact). */
function onInterrupt(controller: AbortController, progress: () => Progress, quiet: boolean) {
  const handler = (): void => {
    if (controller.signal.aborted) process.exit(interruptedExitCode);
    controller.abort();
    if (!quiet)
      progress().log("interrupted: finishing the files in flight (Ctrl-C again to quit now)");
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}

/** `--queue`: enqueue, print the run id, and follow the run unless `--no-wait`. */
async function followQueue(paths: string[], settings: IngestOptions, options: IngestCliOptions) {
  const { ingestQueued } = await import("../../src/ingest/queue/follow.js");
  const { attempts, backoff: backoffMs, wait, queuePrefix: prefix } = options;
  const queued = { url: options.queue ?? "", prefix, attempts, backoffMs, wait };
  const onQueued = ({ runId, files }: { runId: string; files: number }) => {
    if (!wait) process.stdout.write(`${runId}\n`);
    else if (!options.quiet) process.stderr.write(`run ${runId}: ${files} file(s) queued\n`);
  };
  const runId = options.runId ? { runId: options.runId } : {};
  return (await ingestQueued(paths, settings, { ...queued, ...runId, onQueued })).report;
}

/**
 * Run `ingest-cli` with parsed options: the library's {@link ingest} with a progress bar, the
 * summary and the exit code (0 done, 3 files skipped, 4 unusable run, 130 interrupted).
 */
export async function runIngestCommand(
  paths: string[],
  options: IngestCliOptions,
): Promise<number> {
  const showBar = !options.quiet && !options.json && process.stderr.isTTY === true;
  let progress = createProgress(0, false);
  let outputs: string[] = [];
  const logger = createLogger({
    level: options.quiet ? "silent" : "warn",
    format: "text",
    destination: {
      write: (line: string) =>
        process.stderr.isTTY ? progress.log(line) : process.stderr.write(line),
    },
  });
  const onProgress = (event: IngestProgressEvent): void => {
    if (event.type === "start") progress = createProgress(event.files, showBar);
    else if (event.type === "file") progress.update({ ...event.totals, files: event.done });
    else outputs = event.outputs;
  };
  const controller = new AbortController();
  const removeHandler = onInterrupt(controller, () => progress, options.quiet);
  try {
    const unknown = (options.scanners ?? []).filter((name) => !isScannerName(name));
    if (unknown.length > 0)
      throw new UsageError(`--scanners: ${unknown.map(unknownTypeMessage).join("; ")}`);
    const scannerOptions = options.config
      ? await loadIngestConfig(options.config)
      : { ...(options.scanners && { scanners: options.scanners.map((type) => ({ type })) }) };
    const settings: IngestOptions = {
      outDir: options.out,
      chunkSize: options.chunkSize,
      chunkOverlap: options.chunkOverlap,
      ...(options.include ? { include: options.include } : {}),
      ...(options.exclude ? { exclude: options.exclude } : {}),
      ...(options.textField ? { textField: options.textField } : {}),
      ...scannerOptions,
      ...(await vectorSinkFromFlags(options, scannerOptions)),
      dropPii: options.dropPii,
      ...(options.guardUrl ? { guardUrl: options.guardUrl, guardToken: options.guardToken } : {}),
      workers: options.workers,
      ...(options.vault ? { vaultFile: options.vault } : {}),
      resume: options.resume,
      pageContentKey: options.pageContentKey,
      flatMetadata: options.flatMetadata,
      htmlReport: options.htmlReport,
      signal: controller.signal,
      onProgress,
      logger,
    };
    const report = options.queue
      ? await followQueue(paths, settings, options)
      : await ingest(paths, settings);
    progress.stop();
    if (report === undefined) return ExitCode.ok;
    if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (!options.quiet) process.stdout.write(formatIngestSummary(report, outputs));
    if (report.status === "interrupted") return interruptedExitCode;
    return report.totals.skipped > 0 ? ExitCode.partial : ExitCode.ok;
  } catch (error) {
    if (!(error instanceof IngestUnusableError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return ExitCode.unusable;
  } finally {
    progress.stop();
    removeHandler();
  }
}
