import { access, mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type InputFile, walkInputs } from "../../loaders/walk.js";
import { ConfigError } from "../common/errors.js";
import { silentLogger } from "../common/logger.js";
import { parseConfig } from "../common/parse-config.js";
import { Vault } from "../scanners/vault.js";
import { removeStaleTempFiles, writeFileAtomic } from "./atomic-file.js";
import type { ChunkScanner } from "./chunk-scanner.js";
import { createChunkStats } from "./chunk-stats.js";
import { type FileWork, type FileWorkOptions, processFile } from "./file-work.js";
import { createJsonlSink, jsonlOutputNames } from "./jsonl-sink.js";
import type { LoadSettings } from "./load-chunks.js";
import {
  type IngestOptions,
  type IngestProgressEvent,
  ingestOptionsSchema,
  type ResolvedIngestOptions,
} from "./options.js";
import { createReportBuilder, type IngestReport, type IngestSettings } from "./report.js";
import { renderReportHtml } from "./report-html/index.js";
import { type ResumeIndex, readResumeIndex } from "./resume.js";
import { resolveScannerSet, type ScannerSet } from "./scanner-set.js";
import { loadVault, saveVault } from "./vault-file.js";
import { writeFileWork } from "./write-file.js";

/** The report's file name in `outDir`. */
export const reportFileName = "report.json";
/** The report as a page, beside `report.json` (option `htmlReport`). */
export const htmlReportFileName = "report.html";

async function createScanner(
  options: ResolvedIngestOptions,
  set: ScannerSet,
): Promise<ChunkScanner> {
  if (options.guardUrl) {
    const { createRemoteScanner } = await import("./remote-scanner.js");
    return createRemoteScanner({
      url: options.guardUrl,
      token: options.guardToken,
      concurrency: Math.max(options.workers, 1) * 2,
      ignoreInvalid: set.ignoreInvalid,
    });
  }
  const { createInProcessScanner, createWorkerScanner } = await import("./scanners.js");
  if (options.workers === 0) return createInProcessScanner(set.configs);
  return createWorkerScanner(set.configs, options.workers);
}

/** The settings recorded in the report (and compared by `resume`). */
function describeSettings(options: ResolvedIngestOptions, set: ScannerSet): IngestSettings {
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
    ...(options.vaultFile ? { vault: resolve(options.vaultFile) } : {}),
    ...(options.pageContentKey !== "page_content"
      ? { page_content_key: options.pageContentKey }
      : {}),
    ...(options.flatMetadata ? { flat_metadata: true } : {}),
  };
}

/** How the run loads and splits each file. */
export function loadSettings(options: {
  chunkSize: number;
  chunkOverlap: number;
  textField?: string | undefined;
}): LoadSettings {
  return {
    chunkSize: options.chunkSize,
    chunkOverlap: options.chunkOverlap,
    ...(options.textField ? { textField: options.textField } : {}),
  };
}

/** Load and scan one file; a failure outside the load and scan becomes a skipped entry. */
function processSafely(file: InputFile, options: FileWorkOptions): Promise<FileWork> {
  return processFile(file, options).catch((error: unknown) => ({
    kind: "entry" as const,
    entry: {
      source: file.source,
      path: file.path,
      status: "skipped" as const,
      bytes: 0,
      reason: "internal_error",
      message: error instanceof Error ? error.message : String(error),
    },
  }));
}

/** Everything a run works with once its options are checked and its inputs walked. */
export interface IngestRun {
  options: ResolvedIngestOptions;
  inputs: string[];
  files: InputFile[];
  skipped: Awaited<ReturnType<typeof walkInputs>>["skipped"];
  outDir: string;
  settings: IngestSettings;
  /** Files an earlier run finished (`resume`); empty otherwise. */
  done: ResumeIndex;
  set: ScannerSet;
  /** Scans the chunks of files processed here; not needed when `produce` is given. */
  scanner?: ChunkScanner;
  /** Where each file's work comes from (default: load and scan it here with `scanner`). */
  produce?: (file: InputFile) => Promise<FileWork>;
  vault: Vault;
  emit: (event: IngestProgressEvent) => void;
  /** Add to the report before it is written (a queued run's `queue` section). */
  extend?: (report: IngestReport) => void;
}

/**
 * Load, split and scan the files, at most `window` files ahead of the one being written, and
 * write each file's chunks in walk order; then commit the sink and write the report. Internal:
 * {@link ingest} sets up the run (tests hand it a scanner of their own).
 */
export async function runIngest(run: IngestRun): Promise<IngestReport> {
  const { options, files, outDir } = run;
  await mkdir(outDir, { recursive: true });
  await removeStaleTempFiles(outDir, [...jsonlOutputNames, reportFileName, htmlReportFileName]);
  const stats = createChunkStats();
  const sink = stats.tap(
    options.sink ??
      createJsonlSink({
        outDir,
        pageContentKey: options.pageContentKey,
        flatMetadata: options.flatMetadata,
      }),
  );
  const report = createReportBuilder({ inputs: run.inputs, outDir, settings: run.settings });
  for (const skipped of run.skipped) {
    const { source, path, reason, message } = skipped;
    report.addFile({ source, path, status: "skipped", bytes: 0, reason, message });
  }
  const window = Math.max(2, options.workers * 2);
  const produce =
    run.produce ??
    ((file: InputFile) => {
      if (!run.scanner) throw new Error("runIngest: give a scanner or produce");
      return processSafely(file, {
        scanner: run.scanner,
        load: loadSettings(options),
        done: run.done,
        signal: options.signal,
        batchWindow: Math.max(8, window * 4),
      });
    });
  const writeOptions = {
    sink,
    vault: run.vault,
    numbering: new Map<string, number>(),
    ignoreInvalid: run.set.ignoreInvalid,
    logger: options.logger ?? silentLogger,
  };
  const started = new Map<number, Promise<FileWork>>();
  run.emit({ type: "start", files: files.length });
  try {
    for (let index = 0; index < files.length; index += 1) {
      for (let ahead = index; ahead < Math.min(files.length, index + window); ahead += 1) {
        if (!started.has(ahead)) started.set(ahead, produce(files[ahead]!));
      }
      const work = await started.get(index)!;
      started.delete(index);
      const entry = await writeFileWork(work, writeOptions);
      report.addFile(entry);
      const totals = report.snapshot();
      run.emit({ type: "file", file: entry, done: index + 1, files: files.length, totals });
    }
  } catch (error) {
    await sink.abort();
    throw error;
  }
  const outputs = await sink.commit();
  const built = report.build(options.signal?.aborted ? "interrupted" : "done");
  if (sink.summary !== undefined) built.sink = sink.summary();
  Object.assign(built, stats.build());
  run.extend?.(built);
  const reports = await writeReports(built, outDir, options.htmlReport);
  run.emit({ type: "done", report: built, outputs: [...outputs, ...reports] });
  return built;
}

/** Write `report.json` (and `report.html` unless turned off); resolves to their paths. */
async function writeReports(report: IngestReport, outDir: string, html: boolean) {
  const jsonPath = join(outDir, reportFileName);
  await writeFileAtomic(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  if (!html) return [jsonPath];
  const htmlPath = join(outDir, htmlReportFileName);
  await writeFileAtomic(htmlPath, renderReportHtml(report));
  return [jsonPath, htmlPath];
}

/** A run's checked options, walked inputs, settings and vault: everything but its scanner. */
export async function prepareIngest(paths: readonly string[], options: IngestOptions) {
  const parsed = parseConfig(ingestOptionsSchema, options, "ingest options");
  if (paths.length === 0) throw new ConfigError("ingest: give at least one file or folder");
  for (const path of paths) {
    await access(path).catch(() => {
      throw new ConfigError(`no such file or directory: ${path}`);
    });
  }
  const set = resolveScannerSet(parsed);
  const { files, skipped } = await walkInputs(paths, {
    ...(parsed.include ? { include: parsed.include } : {}),
    ...(parsed.exclude ? { exclude: parsed.exclude } : {}),
  });
  const outDir = resolve(parsed.outDir);
  const settings = describeSettings(parsed, set);
  const vault =
    parsed.vault ?? (parsed.vaultFile ? await loadVault(parsed.vaultFile) : new Vault());
  const onProgress = parsed.onProgress;
  return {
    options: parsed,
    inputs: [...paths],
    files,
    skipped,
    outDir,
    settings,
    set,
    vault,
    emit: (event: IngestProgressEvent) => onProgress?.(event),
  };
}

/**
 * Ingest files and folders: walk them, load each file (Markdown, text, HTML, JSON/JSONL, CSV,
 * PDF, DOCX), split it into chunks, scan every chunk and write the clean ones. PII, secrets and
 * invisible characters are redacted by default and the chunk kept; a chunk that Toxicity or
 * PromptInjection finds invalid is dropped. Outputs (`chunks.jsonl`, `dropped.jsonl`,
 * `report.json`, and `report.html` to read it in a browser, in `outDir`) are replaced atomically
 * at the end. A file that cannot be read, parsed or scanned is skipped with its reason in the
 * report; the run goes on.
 *
 * @param paths files or folders to ingest
 * @param options see {@link ingestOptionsSchema}; bad options throw a `ConfigError` naming them
 * @returns the report also written to `report.json`
 * @throws {IngestUnusableError} when the guard API refuses the token or cannot be reached
 *
 * @example
 * const report = await ingest(["docs"], { outDir: "out", onProgress: (e) => console.log(e.type) });
 * console.log(report.totals.kept, report.dropped_by_scanner);
 */
export async function ingest(
  paths: readonly string[],
  options: IngestOptions = {},
): Promise<IngestReport> {
  const prepared = await prepareIngest(paths, options);
  const { options: parsed, outDir, settings } = prepared;
  const done = parsed.resume ? await readResumeIndex(outDir, { ...settings }) : new Map();
  const scanner = await createScanner(parsed, prepared.set);
  try {
    const report = await runIngest({ ...prepared, done, scanner });
    if (parsed.vaultFile) await saveVault(parsed.vaultFile, prepared.vault);
    return report;
  } finally {
    await scanner.close();
  }
}
