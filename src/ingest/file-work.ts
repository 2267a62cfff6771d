import { performance } from "node:perf_hooks";
import type { InputFile } from "../../loaders/walk.js";
import { type BatchFeed, windowedFeed } from "./batch-feed.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";
import { type ChunkRecord, type LoadSettings, loadChunks } from "./load-chunks.js";
import { collectFieldTexts } from "./metadata-fields.js";
import type { FileEntry } from "./report.js";
import type { DoneFile, ResumeIndex } from "./resume.js";

/** Chunks scanned together: the writer takes a file's chunks this many at a time. */
export const scanBatchSize = 32;

/** A run of one file's chunks with their scans, in order. */
export interface ScannedBatch {
  chunks: ChunkRecord[];
  scans: ChunkScan[];
}

/** The work done on one file before its results are written, in input order. */
export type FileWork =
  | { kind: "entry"; entry: FileEntry }
  | { kind: "resumed"; done: DoneFile; path: string }
  /**
   * Loaded: its scanned chunks come from `feed`, in order, while the writer takes them;
   * `fieldScans` holds the scans of its file-supplied metadata (keys and string values).
   */
  | {
      kind: "loaded";
      entry: FileEntry;
      feed: BatchFeed<ScannedBatch>;
      fieldScans: ReadonlyMap<string, ChunkScan>;
    };

/** What processing a file needs from the run. */
export interface FileWorkOptions {
  scanner: ChunkScanner;
  load: LoadSettings;
  done: ResumeIndex;
  signal: AbortSignal | undefined;
  /** Batches of a file scanned ahead of the writer at most. */
  batchWindow: number;
}

/** Scan a file's metadata texts, `scanBatchSize` at a time, into a map from text to scan. */
async function scanFieldTexts(
  texts: readonly string[],
  scanner: ChunkScanner,
): Promise<Map<string, ChunkScan>> {
  const batches: Array<Promise<ChunkScan[]>> = [];
  for (let from = 0; from < texts.length; from += scanBatchSize) {
    batches.push(scanner.scanBatch(texts.slice(from, from + scanBatchSize)));
  }
  const scans = (await Promise.all(batches)).flat();
  return new Map(texts.map((text, index) => [text, scans[index]!]));
}

/**
 * Load and split one file, and start scanning its chunks a window of batches ahead of the writer.
 * A file an earlier run finished unchanged is `resumed`; after the run's signal aborts, a file not
 * started is `pending`; one that cannot be read or parsed is `skipped` with its reason.
 */
export async function processFile(file: InputFile, options: FileWorkOptions): Promise<FileWork> {
  const base = { source: file.source, path: file.path };
  if (options.signal?.aborted) {
    return { kind: "entry", entry: { ...base, status: "pending", bytes: 0 } };
  }
  const done = options.done.get(file.path);
  const started = performance.now();
  const load = await loadChunks(
    { ...base, root: file.root, ...(done?.entry.hash ? { previousHash: done.entry.hash } : {}) },
    options.load,
  );
  if (load.kind === "unchanged") {
    if (done) return { kind: "resumed", done, path: file.path };
    throw new Error(`unexpected load result for ${file.source}`);
  }
  if (load.kind === "skipped") {
    const { bytes, hash, reason, message } = load;
    return {
      kind: "entry",
      entry: { ...base, status: "skipped", bytes, ...(hash ? { hash } : {}), reason, message },
    };
  }
  const entry: FileEntry = {
    ...base,
    status: "loaded",
    loader: load.loader,
    hash: load.hash,
    bytes: load.bytes,
    documents: load.documents,
    chunks: 0,
    kept: 0,
    dropped: 0,
    redacted: 0,
    load_ms: performance.now() - started,
    scan_ms: 0,
    ...(load.warnings.length > 0 ? { warnings: load.warnings } : {}),
  };
  const { chunks } = load;
  let fieldScans: ReadonlyMap<string, ChunkScan>;
  try {
    fieldScans = await scanFieldTexts(collectFieldTexts(chunks), options.scanner);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "entry", entry: scanFailedEntry(base, load, message) };
  }
  const batches = Math.ceil(chunks.length / scanBatchSize);
  const feed = windowedFeed(batches, options.batchWindow, async (index) => {
    const batch = chunks.slice(index * scanBatchSize, (index + 1) * scanBatchSize);
    const scans = await options.scanner.scanBatch(batch.map((chunk) => chunk.pageContent));
    return { chunks: batch, scans };
  });
  return { kind: "loaded", entry, feed, fieldScans };
}

/** The report entry of a file that was loaded but could not be scanned (`scan_error`). */
export function scanFailedEntry(
  file: { source: string; path: string },
  loaded: { bytes?: number; hash?: string },
  message: string,
): FileEntry {
  return {
    source: file.source,
    path: file.path,
    status: "skipped",
    bytes: loaded.bytes ?? 0,
    ...(loaded.hash ? { hash: loaded.hash } : {}),
    reason: "scan_error",
    message: `scanning failed: ${message}`,
  };
}
