import type { InputFile } from "../../loaders/walk.js";
import { type BatchFeed, windowedFeed } from "./batch-feed.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";
import { type ChunkRecord, type LoadSettings, loadChunks } from "./load-chunks.js";
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
  /** Loaded: its scanned chunks come from `feed`, in order, while the writer takes them. */
  | { kind: "loaded"; entry: FileEntry; feed: BatchFeed<ScannedBatch> };

/** What processing a file needs from the run. */
export interface FileWorkOptions {
  scanner: ChunkScanner;
  load: LoadSettings;
  done: ResumeIndex;
  signal: AbortSignal | undefined;
  /** Batches of a file scanned ahead of the writer at most. */
  batchWindow: number;
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
    ...(load.warnings.length > 0 ? { warnings: load.warnings } : {}),
  };
  const { chunks } = load;
  const batches = Math.ceil(chunks.length / scanBatchSize);
  const feed = windowedFeed(batches, options.batchWindow, async (index) => {
    const batch = chunks.slice(index * scanBatchSize, (index + 1) * scanBatchSize);
    const scans = await options.scanner.scanBatch(batch.map((chunk) => chunk.pageContent));
    return { chunks: batch, scans };
  });
  return { kind: "loaded", entry, feed };
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
