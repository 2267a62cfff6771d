import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { judgeChunk } from "../../filters/decide.js";
import { reportDrop } from "../../filters/guard-filter.js";
import { loaderNameFor } from "../../loaders/registry.js";
import type { InputFile, SkippedFile } from "../../loaders/walk.js";
import type { Logger } from "../../src/common/logger.js";
import type { Vault } from "../../src/scanners/vault.js";
import {
  type AtomicLineWriter,
  openLineWriter,
  removeStaleTempFiles,
  writeFileAtomic,
} from "./atomic-file.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";
import { type ChunkRecord, loadChunks } from "./load-chunks.js";
import { adoptRedactions } from "./placeholders.js";
import type { Progress } from "./progress.js";
import {
  countVerdict,
  createReportBuilder,
  type FileEntry,
  type IngestReport,
  type IngestSettings,
} from "./report.js";
import type { DoneFile, ResumeIndex } from "./resume.js";
import { estimateCost, pickNextFile } from "./schedule.js";

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
}

/** Input bytes a run may hold started ahead of the writer (their chunks and scans): 64 MB. */
export const defaultMaxHeldBytes = 64 * 1024 * 1024;

/** The work done on one file before its results are written, in input order. */
type FileWork =
  | { kind: "entry"; entry: FileEntry }
  | { kind: "resumed"; done: DoneFile; path: string }
  | { kind: "loaded"; entry: FileEntry; chunks: ChunkRecord[]; scans: ChunkScan[] };

/** Chunks per scan task: one message each way per batch (~20 ms of scanning) instead of per chunk. */
export const scanBatchSize = 32;

/** Scan texts in batches of {@link scanBatchSize}; results in input order. */
export async function scanInBatches(
  scanner: ChunkScanner,
  texts: readonly string[],
): Promise<ChunkScan[]> {
  const batches: Array<Promise<ChunkScan[]>> = [];
  for (let start = 0; start < texts.length; start += scanBatchSize) {
    batches.push(scanner.scanBatch(texts.slice(start, start + scanBatchSize)));
  }
  return (await Promise.all(batches)).flat();
}

async function processFile(file: InputFile, options: IngestRunOptions): Promise<FileWork> {
  const base = { source: file.source, path: file.path };
  if (options.signal.aborted)
    return { kind: "entry", entry: { ...base, status: "pending", bytes: 0 } };
  const done = options.done.get(file.path);
  const request = {
    path: file.path,
    source: file.source,
    ...(done?.entry.hash ? { previousHash: done.entry.hash } : {}),
  };
  const loaded = options.scanner.loadFile
    ? await options.scanner.loadFile(request)
    : await loadChunks(request, {
        chunkSize: options.chunkSize,
        chunkOverlap: options.chunkOverlap,
        ...(options.textField ? { textField: options.textField } : {}),
      });
  if (loaded.kind === "unchanged" && done) return { kind: "resumed", done, path: file.path };
  if (loaded.kind === "skipped") {
    const { bytes, hash, reason, message } = loaded;
    return {
      kind: "entry",
      entry: { ...base, status: "skipped", bytes, ...(hash ? { hash } : {}), reason, message },
    };
  }
  if (loaded.kind !== "loaded") throw new Error(`unexpected load result for ${file.source}`);
  const entry: FileEntry = {
    ...base,
    status: "loaded",
    loader: loaded.loader,
    hash: loaded.hash,
    bytes: loaded.bytes,
    documents: loaded.documents,
    chunks: 0,
    kept: 0,
    dropped: 0,
    redacted: 0,
    ...(loaded.warnings.length > 0 ? { warnings: loaded.warnings } : {}),
  };
  try {
    const texts = loaded.chunks.map((chunk) => chunk.pageContent);
    const scans = await scanInBatches(options.scanner, texts);
    return { kind: "loaded", entry, chunks: loaded.chunks, scans };
  } catch (error) {
    const message = `scanning failed: ${(error as Error).message}`;
    return {
      kind: "entry",
      entry: {
        ...base,
        status: "skipped",
        bytes: loaded.bytes,
        hash: loaded.hash,
        reason: "scan_error",
        message,
      },
    };
  }
}

interface Writers {
  chunks: AtomicLineWriter;
  dropped: AtomicLineWriter;
}

/** Write one file's results: adopt its redactions into the run vault, judge, write, count. */
async function commitFile(
  work: FileWork,
  writers: Writers,
  options: IngestRunOptions,
): Promise<FileEntry> {
  if (work.kind === "entry") return work.entry;
  if (work.kind === "resumed") {
    for (const line of work.done.chunkLines) writers.chunks.writeRaw(line);
    for (const line of work.done.droppedLines) writers.dropped.writeRaw(line);
    return { ...work.done.entry, path: work.path, status: "resumed" };
  }
  const { entry } = work;
  entry.chunks = 0;
  entry.kept = 0;
  entry.dropped = 0;
  entry.redacted = 0;
  for (const [index, chunk] of work.chunks.entries()) {
    const scan = work.scans[index]!;
    const sanitized = adoptRedactions(scan.sanitized, scan.vaultEntries, options.vault);
    const verdict = judgeChunk(
      chunk,
      { sanitized, valid: scan.valid, scores: scan.scores },
      options.ignoreInvalid,
    );
    countVerdict(entry, verdict);
    const line = {
      id: verdict.document.id,
      page_content: verdict.document.pageContent,
      metadata: verdict.document.metadata,
    };
    if (verdict.kept) {
      writers.chunks.writeJson(line);
    } else {
      writers.dropped.writeJson({ ...line, scores: verdict.scores, reasons: verdict.reasons });
      await reportDrop(verdict, options.logger, undefined);
    }
  }
  return entry;
}

/** A file's size in bytes, 0 when it cannot be read (loading it then reports why). */
async function fileSize(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}

/** Load and scan one file; a failure outside the load and scan becomes a skipped entry. */
function processSafely(file: InputFile, options: IngestRunOptions): Promise<FileWork> {
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
  const sizes: number[] = [];
  for (let start = 0; start < files.length; start += 64) {
    const batch = files.slice(start, start + 64);
    sizes.push(...(await Promise.all(batch.map((file) => fileSize(file.path)))));
  }
  const costs = files.map((file, index) => estimateCost(sizes[index]!, loaderNameFor(file.path)));
  const limits = {
    active: options.window,
    lookahead: options.lookahead ?? options.window * 16,
    maxHeldBytes: options.maxHeldBytes ?? defaultMaxHeldBytes,
  };
  const started = new Set<number>();
  const results = new Map<number, Promise<FileWork>>();
  const waiting = new Map<number, (work: Promise<FileWork>) => void>();
  let next = 0;
  let active = 0;
  let heldBytes = 0;
  const fill = (): void => {
    for (;;) {
      const index = pickNextFile(costs, sizes, { next, started, active, heldBytes }, limits);
      if (index === undefined) return;
      started.add(index);
      active += 1;
      heldBytes += sizes[index]!;
      const work = processSafely(files[index]!, options).finally(() => {
        active -= 1;
        fill();
      });
      results.set(index, work);
      waiting.get(index)?.(work);
      waiting.delete(index);
    }
  };
  for (; next < files.length; next += 1) {
    fill();
    const index = next;
    const work = await (results.get(index) ??
      new Promise<Promise<FileWork>>((resolve) => waiting.set(index, resolve)));
    results.delete(index);
    started.delete(index);
    heldBytes -= sizes[index]!;
    await commit(work);
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
    await runScheduled(options, async (work) => {
      report.addFile(await commitFile(work, writers, options));
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
