import { z } from "zod";
import type { VaultEntry } from "../../src/scanners/vault.js";
import type { ChunkRecord, FileLoad, LoadRequest } from "./load-chunks.js";

/** One chunk's scan: sanitized text, validity and score maps, and the redactions it made. */
export interface ChunkScan {
  sanitized: string;
  valid: Record<string, boolean>;
  scores: Record<string, number>;
  /** (placeholder, original) pairs used in `sanitized`, numbered from 1 for this chunk alone. */
  vaultEntries: VaultEntry[];
}

/** A run of one file's chunks with their scans, in order. */
export interface ScannedBatch {
  chunks: ChunkRecord[];
  scans: ChunkScan[];
}

/** What loading a file gave, without its chunks: `chunks` is their count. */
export const loadedHeaderSchema = z.object({
  hash: z.string(),
  loader: z.string(),
  bytes: z.number(),
  documents: z.number(),
  warnings: z.array(z.string()),
  chunks: z.number().int().min(0),
});
export type LoadedHeader = z.infer<typeof loadedHeaderSchema>;

/**
 * Files with at most this many chunks (~1 MB of text) are loaded and scanned whole on one worker;
 * larger ones are scanned a window at a time, in batches spread over the workers.
 */
export const inlineChunkLimit = 1024;

/** A loaded file's chunks kept where they were split, read a range at a time. */
export interface ChunkSource {
  read(from: number, to: number): Promise<ChunkRecord[]>;
  /** The file is written (or abandoned): the holder may drop its chunks. */
  release(): void;
}

/** What processing one file on the scanning threads gave. */
export type FileOutcome =
  | Exclude<FileLoad, { kind: "loaded" }>
  /** A small file, loaded and scanned whole on one thread. */
  | { kind: "scanned"; header: LoadedHeader; batch: ScannedBatch }
  /** Loaded, but scanning it failed. */
  | { kind: "scan_failed"; header: LoadedHeader; message: string }
  /** A large file, loaded: its chunks are read from `source` and scanned a window at a time. */
  | { kind: "held"; header: LoadedHeader; source: ChunkSource };

/** Scans chunks for one ingest run: in-process, on worker threads, or through a guard API. */
export interface ChunkScanner {
  readonly mode: "in-process" | "workers" | "remote";
  /** Scan a batch of chunk texts; the results come back in the same order. */
  scanBatch(texts: readonly string[]): Promise<ChunkScan[]>;
  /**
   * Load and split a file on the scanning threads (worker threads), scanning a small one there
   * too. Without it the pipeline loads files on the main thread.
   */
  processFile?(request: LoadRequest): Promise<FileOutcome>;
  close(): Promise<void>;
}
