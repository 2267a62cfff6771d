import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { Command } from "commander";
import { walkInputs } from "../../loaders/walk.js";
import { createLogger } from "../../src/common/logger.js";
import { Vault } from "../../src/scanners/vault.js";
import type { ChunkScanner } from "../ingest/chunk-scanner.js";
import { type IngestCliOptions, ingestOptions } from "../ingest/options.js";
import { runIngest } from "../ingest/pipeline.js";
import { createProgress, type Progress } from "../ingest/progress.js";
import { readResumeIndex } from "../ingest/resume.js";
import { resolveScannerSet, type ScannerSet } from "../ingest/scanner-set.js";
import {
  createInProcessScanner,
  createRemoteScanner,
  createWorkerScanner,
} from "../ingest/scanners.js";
import { formatSummary } from "../ingest/summary.js";
import { loadVault, saveVault } from "../ingest/vault-file.js";
import { action, ExitCode, UsageError } from "../run.js";

/** Exit code after Ctrl-C: outputs were written and the report says `interrupted`. */
export const interruptedExitCode = 130;

const helpText = `
Outputs (in --out): chunks.jsonl (kept: {"id","page_content","metadata"}), dropped.jsonl (the same
plus "scores" and "reasons"), report.json (files loaded/skipped with reasons, counts per scanner,
bytes, elapsed, throughput). Each is written to a temporary file and renamed into place.

By default PII, secrets and invisible characters are redacted and the chunk kept; a chunk that
Toxicity or PromptInjection finds invalid is dropped. Ctrl-C finishes the files in flight, writes
what is done and marks the report "interrupted"; --resume then skips finished files.

Exit codes: 0 done; 3 done, but some files were skipped (listed); 2 usage or config error;
1 fatal error; 130 interrupted.`;

async function createScanner(options: IngestCliOptions, set: ScannerSet): Promise<ChunkScanner> {
  if (options.guardUrl) {
    return createRemoteScanner(
      options.guardUrl,
      options.guardToken,
      Math.max(options.workers, 1) * 2,
    );
  }
  if (options.workers === 0) return createInProcessScanner(set.configs);
  return createWorkerScanner(set.configs, options.workers);
}

async function checkInputs(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await access(path).catch(() => {
      throw new UsageError(`no such file or directory: ${path}`);
    });
  }
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

async function runIngestCommand(paths: string[], options: IngestCliOptions): Promise<number> {
  if (options.chunkOverlap >= options.chunkSize) {
    throw new UsageError("--chunk-overlap must be smaller than --chunk-size");
  }
  await checkInputs(paths);
  const set = await resolveScannerSet({ ...options, dropPii: options.dropPii });
  const { files, skipped } = await walkInputs(paths, {
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
  });
  const outDir = resolve(options.out);
  const done = options.resume ? await readResumeIndex(outDir) : new Map();
  const vault = options.vault ? await loadVault(options.vault) : new Vault();
  const scanner = await createScanner(options, set);
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
      settings: {
        chunk_size: options.chunkSize,
        chunk_overlap: options.chunkOverlap,
        scanners: set.configs.map((config) => config.type),
        ignore_invalid: set.ignoreInvalid,
        scanning: scanner.mode,
        workers: options.workers,
        ...(options.guardUrl ? { guard_url: options.guardUrl } : {}),
        ...(options.vault ? { vault: resolve(options.vault) } : {}),
      },
      vault,
      done,
      logger,
      progress,
      signal: controller.signal,
      window: Math.max(2, options.workers * 2),
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

/** `ragguard ingest` / `ingest-cli`: files in, sanitized chunks and a report out. */
export function ingestCommand(): Command {
  const command = new Command("ingest")
    .description(
      "Load documents, split them into chunks (1000/0), scan every chunk and write the clean ones as JSONL.",
    )
    .argument("<paths...>", "files or directories to ingest")
    .addHelpText("after", helpText);
  for (const option of ingestOptions()) command.addOption(option);
  return command.action(
    action(async (paths: string[], options: IngestCliOptions) => runIngestCommand(paths, options)),
  );
}
