import type { ChunkSpans } from "./span-capture.js";

/** One judged chunk on its way to a sink. */
export interface SinkRecord {
  /** Kept (clean or redacted) or dropped (a scanner found it invalid). */
  kept: boolean;
  id: string;
  pageContent: string;
  /** The document's metadata plus `chunk`, `loc` and `guard` (scores, redactions). */
  metadata: Record<string, unknown>;
  /** Dropped chunks only: every scanner's score. */
  scores?: Record<string, number>;
  /** Dropped chunks only: the scanners that found it invalid. */
  reasons?: string[];
  /** Dropped chunks only, when a scanner located its finding: offsets into `pageContent` per scanner. */
  spans?: ChunkSpans;
}

/**
 * Where a run's chunks go. The engine calls, for each file in walk order, `startFile`, then
 * `write` for each batch of its records in order, then `endFile` — or `discardFile` when the
 * file failed half-way (the sink removes what it took of that file). After the last file, `commit`
 * makes the outputs visible (or `abort` leaves the previous ones as they were).
 *
 * @example
 * const sink = createJsonlSink({ outDir: "ragguard-out" });
 * const report = await ingest(["docs"], { sink });
 */
export interface Sink {
  startFile(source: string): Promise<void>;
  write(records: readonly SinkRecord[]): Promise<void>;
  endFile(): Promise<void>;
  discardFile(): Promise<void>;
  /** Make the outputs visible; resolves to what was written (paths or URIs), for the summary. */
  commit(): Promise<string[]>;
  abort(): Promise<void>;
  /** What the sink did in the run, for the report's `sink` section (e.g. vectors added, embeddings requests). */
  summary?(): Record<string, unknown>;
}
