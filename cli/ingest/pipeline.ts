import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { InputFile, SkippedFile } from "../../loaders/walk.js";
import type { Logger } from "../../src/common/logger.js";
import type { Vault } from "../../src/scanners/vault.js";
import { openLineWriter, removeStaleTempFiles, writeFileAtomic } from "./atomic-file.js";
import type { ChunkScanner } from "./chunk-scanner.js";
import { type FileWork, type FileWorkOptions, processFile } from "./file-work.js";
import type { Progress } from "./progress.js";
import { createReportBuilder, type IngestReport, type IngestSettings } from "./report.js";
import type { ResumeIndex } from "./resume.js";
import { fileCosts, pickNextFile } from "./schedule.js";
import { type Writers, writeFileWork } from "./write-file.js";

export interface IngestRunOptions {
  inputs: string[];
  files: InputFile[];
  skipped: SkippedFile[];
  outDir: string;
  chunkSize: number;
  chunkOverlap: number;
  textField?: string;
  scanner: ChunkScanner;
  ignoreInvalid: string[];
  settings: IngestSettings;
  /** The run's vault: every chunk's redactions are numbered into it. */
  vault: Vault;
  /** Files finished by an earlier run (`--resume`); empty otherwise. */
  done: ResumeIndex;
  logger: Logger;
  progress: Progress;
  /** Aborted on Ctrl-C: files in flight finish, the others are reported as not started. */
  signal: AbortSignal;
  /** Files loaded and scanned at once. */
  window: number;
  /** How far past the next file to write a file may start (walk order); `window * 16` by default. */
  lookahead?: number;
  /** Input bytes of started, unwritten files past which only the next file to write starts. */
  maxHeldBytes?: number;
  /** PDFs loaded at once at most (they load on the threads that have pdf.js); unlimited by default. */
  pdfWindow?: number;
  /** Each file's size in bytes, in `files` order ({@link fileSizes}); read here when absent. */
  sizes?: readonly number[];
  /**
   * Batches of one large file scanned ahead of the writer at most (`window * 4`, at least 8): the
   * run never holds more of one file's chunks than this (plus one batch) or `inlineChunkLimit`.
   */
  batchWindow?: number;
}

/** Input bytes a run may start ahead of the writer (small files' chunks and scans): 64 MB. */
export const defaultMaxHeldBytes = 64 * 1024 * 1024;

/** A file's size in bytes, 0 when it cannot be read (loading it then reports why). */
async function fileSize(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}

/** The files' sizes in bytes (0 for a file that cannot be read), 64 read at a time. */
export async function fileSizes(files: readonly InputFile[]): Promise<number[]> {
  const sizes: number[] = [];
  for (let start = 0; start < files.length; start += 64) {
    const batch = files.slice(start, start + 64);
    sizes.push(...(await Promise.all(batch.map((file) => fileSize(file.path)))));
  }
  return sizes;
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

/**
 * Load and scan the files in walk order, a heavy one early ({@link pickNextFile}), and hand each
 * file's work to `commit` in walk order. A file starts as
 * soon as one of the `window` running files finishes, not when the next file to write does.
 */
async function runScheduled(
  options: IngestRunOptions,
  commit: (work: FileWork) => Promise<void>,
): Promise<void> {
  const { files } = options;
  const sizes = options.sizes ?? (await fileSizes(files));
  const { costs, isPdf } = fileCosts(
    files.map((file) => file.path),
    sizes,
  );
  const workOptions: FileWorkOptions = {
    scanner: options.scanner,
    load: {
      chunkSize: options.chunkSize,
      chunkOverlap: options.chunkOverlap,
      ...(options.textField ? { textField: options.textField } : {}),
    },
    done: options.done,
    signal: options.signal,
    batchWindow: options.batchWindow ?? Math.max(8, options.window * 4),
  };
  const limits = {
    active: options.window,
    lookahead: options.lookahead ?? options.window * 16,
    maxHeldBytes: options.maxHeldBytes ?? defaultMaxHeldBytes,
    ...(options.pdfWindow !== undefined ? { pdfActive: options.pdfWindow } : {}),
  };
  const started = new Set<number>();
  const results = new Map<number, Promise<FileWork>>();
  const waiting = new Map<number, (work: Promise<FileWork>) => void>();
  let next = 0;
  let active = 0;
  let heldBytes = 0;
  let pdfActive = 0;
  const fill = (): void => {
    for (;;) {
      const state = { next, started, active, heldBytes, pdfActive };
      const index = pickNextFile(costs, sizes, state, limits, isPdf);
      if (index === undefined) return;
      const pdf = isPdf[index] === true;
      started.add(index);
      active += 1;
      if (pdf) pdfActive += 1;
      heldBytes += sizes[index]!;
      const work = processSafely(files[index]!, workOptions).finally(() => {
        active -= 1;
        if (pdf) pdfActive -= 1;
        fill();
      });
      results.set(index, work);
      waiting.get(index)?.(work);
      waiting.delete(index);
    }
  };
  while (next < files.length) {
    fill();
    const index = next;
    const work = await (results.get(index) ??
      new Promise<Promise<FileWork>>((resolve) => waiting.set(index, resolve)));
    results.delete(index);
    // The file stays started and held while it is written (a large one streams for a while).
    await commit(work);
    started.delete(index);
    heldBytes -= sizes[index]!;
    next += 1;
  }
}

/**
 * Run ingestion over the walked files: load, split, scan (`window` files at once, heavy files
 * early, within a bounded lookahead), then write each file's chunks in input order. Outputs are written atomically at the end, also
 * after Ctrl-C (`status: "interrupted"`); a failed file is recorded and the run goes on.
 *
 * @example
 * const { report } = await runIngest({ ...options, files, skipped });
 */
export async function runIngest(
  options: IngestRunOptions,
): Promise<{ report: IngestReport; outputs: string[] }> {
  await mkdir(options.outDir, { recursive: true });
  await removeStaleTempFiles(options.outDir, ["chunks.jsonl", "dropped.jsonl", "report.json"]);
  const report = createReportBuilder({
    inputs: options.inputs,
    outDir: options.outDir,
    settings: options.settings,
  });
  for (const skipped of options.skipped) {
    report.addFile({
      source: skipped.source,
      path: skipped.path,
      status: "skipped",
      bytes: 0,
      reason: skipped.reason,
      message: skipped.message,
    });
  }
  const writers: Writers = {
    chunks: openLineWriter(join(options.outDir, "chunks.jsonl")),
    dropped: openLineWriter(join(options.outDir, "dropped.jsonl")),
  };
  try {
    let committed = 0;
    const writeOptions = { ...options, numbering: new Map<string, number>() };
    await runScheduled(options, async (work) => {
      report.addFile(await writeFileWork(work, writers, writeOptions));
      committed += 1;
      options.progress.update({ ...report.snapshot(), files: committed });
    });
  } catch (error) {
    await writers.chunks.abort();
    await writers.dropped.abort();
    throw error;
  }
  const built = report.build(options.signal.aborted ? "interrupted" : "done");
  await writers.chunks.commit();
  await writers.dropped.commit();
  const reportPath = join(options.outDir, "report.json");
  await writeFileAtomic(reportPath, `${JSON.stringify(built, null, 2)}\n`);
  return { report: built, outputs: [writers.chunks.path, writers.dropped.path, reportPath] };
}
