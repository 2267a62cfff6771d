import type { VaultEntry } from "../scanners/vault.js";
import type { ChunkSpans } from "./span-capture.js";

/** One chunk's scan: sanitized text, validity and score maps, and the redactions it made. */
export interface ChunkScan {
  sanitized: string;
  valid: Record<string, boolean>;
  scores: Record<string, number>;
  /** (placeholder, original) pairs used in `sanitized`, numbered from 1 for this chunk alone. */
  vaultEntries: VaultEntry[];
  /** Where scanners located what they found (PromptInjection's spans), as offsets into `sanitized`. */
  spans?: ChunkSpans;
  /** Time the scan took (waiting for a thread not included), for the report's slowest files. */
  elapsedMs?: number;
}

/** Where a run's chunks are scanned. */
export type ScanningMode = "in-process" | "workers" | "remote";

/** Scans chunks for one ingest run: in-process, on the worker pool, or through a guard API. */
export interface ChunkScanner {
  readonly mode: ScanningMode;
  /** Scan a batch of chunk texts; the results come back in the same order. */
  scanBatch(texts: readonly string[]): Promise<ChunkScan[]>;
  close(): Promise<void>;
}
