import { resolve } from "node:path";
import { walkInputs } from "../../loaders/walk.js";
import { createLogger } from "../../src/common/logger.js";
import { Vault } from "../../src/scanners/vault.js";
import { ExitCode } from "../run.js";
import type { ChunkScanner } from "./chunk-scanner.js";
import type { IngestCliOptions } from "./options.js";
import { fileSizes, runIngest } from "./pipeline.js";
import { createProgress, type Progress } from "./progress.js";
import type { IngestSettings } from "./report.js";
import { readResumeIndex } from "./resume.js";
import { resolveScannerSet, type ScannerSet } from "./scanner-set.js";
import { createInProcessScanner, createWorkerScanner } from "./scanners.js";
import { fileCosts, pdfThreadsFor } from "./schedule.js";
import { formatSummary } from "./summary.js";
import { loadVault, saveVault } from "./vault-file.js";

/** Exit code after Ctrl-C: outputs were written and the report says `interrupted`. */
export const interruptedExitCode = 130;

async function createScanner(
  options: IngestCliOptions,
  set: ScannerSet,
  pdfThreads: number,
): Promise<ChunkScanner> {
  if (options.guardUrl) {
    // Imported here: the guard API client pulls in LangChain, which a local run's main thread
    // (workers load, split and scan) otherwise never needs.
    const { createRemoteScanner } = await import("./remote-scanner.js");
    return createRemoteScanner(
      options.guardUrl,
      options.guardToken,
      Math.max(options.workers, 1) * 2,
      set.ignoreInvalid,
    );
  }
  if (options.workers === 0) return createInProcessScanner(set.configs);
  return createWorkerScanner(
    set.configs,
    {
      chunkSize: options.chunkSize,
      chunkOverlap: options.chunkOverlap,
      ...(options.textField ? { textField: options.textField } : {}),
    },
    options.workers,
    { pdfThreads },
  );
}

/** Stop taking new files on the first Ctrl-C; a second one exits at once (old outputs stay intact). */
function onInterrupt(controller: AbortController, progress: Progress, quiet: boolean): () => void {
  const handler = (): void => {
    if (controller.signal.aborted) process.exit(interruptedExitCode);
    controller.abort();
    if (!quiet)
      progress.log("interrupted: finishing the files in flight (Ctrl-C again to quit now)");
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}

/** The settings recorded in the report (and compared by `--resume`). */
function describeSettings(options: IngestCliOptions, set: ScannerSet): IngestSettings {
  return {
    chunk_size: options.chunkSize,
    chunk_overlap: options.chunkOverlap,
    scanners: set.configs.map((config) => config.type),
    scanner_configs: set.configs.map((config) => ({
      type: config.type,
      params: config.params ?? {},
    })),
    ignore_invalid: set.ignoreInvalid,
    scanning: options.guardUrl ? "remote" : options.workers === 0 ? "in-process" : "workers",
    workers: options.workers,
    ...(options.guardUrl ? { guard_url: options.guardUrl } : {}),
    ...(options.vault ? { vault: resolve(options.vault) } : {}),
  };
}

/**
 * Run `ingest-cli` with parsed options; resolves to the exit code (0 done, 3 files skipped,
 * 130 interrupted).
 */
export async function runIngestCommand(
  paths: string[],
  options: IngestCliOptions,
): Promise<number> {
  const set = await resolveScannerSet({ ...options, dropPii: options.dropPii });
  const { files, skipped } = await walkInputs(paths, {
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
  });
  const outDir = resolve(options.out);
  const settings = describeSettings(options, set);
  const done = options.resume ? await readResumeIndex(outDir, { ...settings }) : new Map();
  const vault = options.vault ? await loadVault(options.vault) : new Vault();
  const sizes = await fileSizes(files);
  const { costs, isPdf } = fileCosts(
    files.map((file) => file.path),
    sizes,
  );
  // PDFs load on as few worker threads as their share of the work allows (see pdfThreadsFor).
  const pdfThreads = pdfThreadsFor(costs, isPdf, Math.max(options.workers, 1));
  const scanner = await createScanner(options, set, pdfThreads);
  const progress = createProgress(
    files.length,
    !options.quiet && !options.json && process.stderr.isTTY === true,
  );
  const logger = createLogger({
    level: options.quiet ? "silent" : "warn",
    format: "text",
    destination: {
      write: (line: string) =>
        process.stderr.isTTY ? progress.log(line) : process.stderr.write(line),
    },
  });
  const controller = new AbortController();
  const removeHandler = onInterrupt(controller, progress, options.quiet);
  try {
    const { report, outputs } = await runIngest({
      inputs: paths,
      files,
      skipped,
      outDir,
      chunkSize: options.chunkSize,
      chunkOverlap: options.chunkOverlap,
      ...(options.textField ? { textField: options.textField } : {}),
      scanner,
      ignoreInvalid: set.ignoreInvalid,
      settings,
      vault,
      done,
      logger,
      progress,
      signal: controller.signal,
      window: Math.max(2, options.workers * 2),
      sizes,
      // Two PDFs per PDF-loading worker (one running, one queued), as `window` is for all files.
      ...(scanner.mode === "workers" && pdfThreads > 0 ? { pdfWindow: pdfThreads * 2 } : {}),
    });
    progress.stop();
    if (options.vault) await saveVault(options.vault, vault);
    if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (!options.quiet) process.stdout.write(formatSummary(report, outputs));
    if (report.status === "interrupted") return interruptedExitCode;
    return report.totals.skipped > 0 ? ExitCode.partial : ExitCode.ok;
  } finally {
    progress.stop();
    removeHandler();
    await scanner.close();
  }
}
