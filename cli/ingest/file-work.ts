import type { InputFile } from "../../loaders/walk.js";
import { type BatchFeed, readyFeed, windowedFeed } from "./batch-feed.js";
import type { ChunkScanner, FileOutcome, ScannedBatch } from "./chunk-scanner.js";
import type { LoadRequest, LoadSettings } from "./load-schemas.js";
import type { FileEntry } from "./report.js";
import type { DoneFile, ResumeIndex } from "./resume.js";

/** Chunks per scan task: one message each way per batch (~20 ms of scanning) instead of per chunk. */
export const scanBatchSize = 32;

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
  signal: AbortSignal;
  /** Batches of a large file scanned ahead of the writer at most. */
  batchWindow: number;
}

/** Load on this thread (`--workers 0`, `--guard-url`): the chunks are then scanned in windows. */
async function loadHere(request: LoadRequest, settings: LoadSettings): Promise<FileOutcome> {
  // Imported here: it pulls in every parser, which a run with worker threads never needs here.
  const { loadChunks } = await import("./load-chunks.js");
  const load = await loadChunks(request, settings);
  if (load.kind !== "loaded") return load;
  const { kind: _kind, chunks, ...rest } = load;
  return {
    kind: "held",
    header: { ...rest, chunks: chunks.length },
    source: {
      read: async (from, to) => chunks.slice(from, to),
      release() {},
    },
  };
}

/** Scan a held file's chunks `scanBatchSize` at a time, at most `window` batches ahead. */
function scanHeld(
  outcome: Extract<FileOutcome, { kind: "held" }>,
  scanner: ChunkScanner,
  window: number,
): BatchFeed<ScannedBatch> {
  const { header, source } = outcome;
  const feed = windowedFeed(Math.ceil(header.chunks / scanBatchSize), window, async (index) => {
    const from = index * scanBatchSize;
    const chunks = await source.read(from, Math.min(header.chunks, from + scanBatchSize));
    const scans = await scanner.scanBatch(chunks.map((chunk) => chunk.pageContent));
    return { chunks, scans };
  });
  return {
    next: () => feed.next(),
    close() {
      feed.close();
      source.release();
    },
  };
}

/**
 * Load one file (on a worker when the scanner has them) and set up the scanning of its chunks:
 * a small file comes back scanned, a large one as a feed scanning a window at a time. A file an
 * earlier run finished unchanged is `resumed`; after Ctrl-C a file not started is `pending`.
 */
export async function processFile(file: InputFile, options: FileWorkOptions): Promise<FileWork> {
  const base = { source: file.source, path: file.path };
  if (options.signal.aborted)
    return { kind: "entry", entry: { ...base, status: "pending", bytes: 0 } };
  const done = options.done.get(file.path);
  const request = {
    path: file.path,
    source: file.source,
    ...(done?.entry.hash ? { previousHash: done.entry.hash } : {}),
  };
  const outcome = options.scanner.processFile
    ? await options.scanner.processFile(request)
    : await loadHere(request, options.load);
  if (outcome.kind === "unchanged") {
    if (done) return { kind: "resumed", done, path: file.path };
    throw new Error(`unexpected load result for ${file.source}`);
  }
  if (outcome.kind === "skipped") {
    const { bytes, hash, reason, message } = outcome;
    return {
      kind: "entry",
      entry: { ...base, status: "skipped", bytes, ...(hash ? { hash } : {}), reason, message },
    };
  }
  const { header } = outcome;
  if (outcome.kind === "scan_failed") {
    return { kind: "entry", entry: scanFailedEntry(file, header, outcome.message) };
  }
  const entry: FileEntry = {
    ...base,
    status: "loaded",
    loader: header.loader,
    hash: header.hash,
    bytes: header.bytes,
    documents: header.documents,
    chunks: 0,
    kept: 0,
    dropped: 0,
    redacted: 0,
    ...(header.warnings.length > 0 ? { warnings: header.warnings } : {}),
  };
  const feed =
    outcome.kind === "scanned"
      ? readyFeed([outcome.batch])
      : scanHeld(outcome, options.scanner, options.batchWindow);
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
