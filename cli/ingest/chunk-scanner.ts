import { z } from "zod";
import type { VaultEntry } from "../../src/scanners/vault.js";
import type { FileLoad, LoadRequest } from "./load-chunks.js";

/** One chunk's scan: sanitized text, validity and score maps, and the redactions it made. */
export interface ChunkScan {
  sanitized: string;
  valid: Record<string, boolean>;
  scores: Record<string, number>;
  /** (placeholder, original) pairs used in `sanitized`, numbered from 1 for this chunk alone. */
  vaultEntries: VaultEntry[];
}

/** Scans chunks for one ingest run: in-process, on worker threads, or through a guard API. */
export interface ChunkScanner {
  readonly mode: "in-process" | "workers" | "remote";
  /** Scan a batch of chunk texts; the results come back in the same order. */
  scanBatch(texts: readonly string[]): Promise<ChunkScan[]>;
  /**
   * Load and split a file on the scanning threads (worker threads). Without it the pipeline
   * loads files on the main thread.
   */
  loadFile?(request: LoadRequest): Promise<FileLoad>;
  close(): Promise<void>;
}

/** The shape a scan worker returns, checked where it crosses the thread boundary. */
export const chunkScanSchema = z.object({
  sanitized: z.string(),
  valid: z.record(z.string(), z.boolean()),
  scores: z.record(z.string(), z.number()),
  vaultEntries: z.array(z.tuple([z.string(), z.string()])),
});
