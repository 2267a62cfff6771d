import { packageVersion } from "../common/version.js";
import type { ChunkStats } from "./chunk-stats.js";

/** What happened to one input file. */
export type FileStatus = "loaded" | "skipped" | "resumed" | "pending";

export interface FileEntry {
  source: string;
  path: string;
  status: FileStatus;
  loader?: string;
  /** SHA-256 of the file's bytes; `--resume` skips a file whose hash is unchanged. */
  hash?: string;
  bytes: number;
  documents?: number;
  chunks?: number;
  kept?: number;
  dropped?: number;
  redacted?: number;
  /** Dropped chunks per scanner that found them invalid. */
  dropped_by?: Record<string, number>;
  /** Kept chunks per scanner whose finding was sanitized (redacted) instead of dropping. */
  redacted_by?: Record<string, number>;
  /** Time reading, parsing and splitting the file took (wall clock, other files load beside it). */
  load_ms?: number;
  /** Time scanning its chunks took, summed over chunks (waiting for a thread not included). */
  scan_ms?: number;
  /** Why a file was skipped (`unsupported_type`, `binary`, `undecodable`, `parse_error`, `scan_error`, ...). */
  reason?: string;
  message?: string;
  warnings?: string[];
}

export interface IngestSettings {
  chunk_size: number;
  chunk_overlap: number;
  scanners: string[];
  /** The scanner list with params, as built (compared by `--resume`). */
  scanner_configs: Array<{ type: string; params: Record<string, unknown> }>;
  ignore_invalid: string[];
  /** `queue`: by `ingest-worker` processes (see the report's `queue` section). */
  scanning: "in-process" | "workers" | "remote" | "queue";
  workers: number;
  guard_url?: string;
  vault?: string;
  /** Set when the JSONL lines use LangChain JS's `pageContent`. */
  page_content_key?: "pageContent" | "page_content";
  /** Set when metadata was flattened to scalars. */
  flat_metadata?: boolean;
}

/**
 * `report.json`: everything a run did, with every skipped file and its reason. `score_histograms`
 * and `dropped_chunks` come from the chunks written (see `chunk-stats.ts`).
 */
export interface IngestReport extends Partial<ChunkStats> {
  status: "done" | "interrupted";
  ragguard_version: string;
  started_at: string;
  finished_at: string;
  elapsed_seconds: number;
  inputs: string[];
  out_dir: string;
  settings: IngestSettings;
  totals: {
    files: number;
    loaded: number;
    skipped: number;
    resumed: number;
    pending: number;
    documents: number;
    chunks: number;
    kept: number;
    dropped: number;
    redacted: number;
    /** Bytes read and processed in this run (resumed files are not counted). */
    bytes: number;
  };
  dropped_by_scanner: Record<string, number>;
  redacted_by_scanner: Record<string, number>;
  throughput: { mb_per_second: number; chunks_per_second: number; files_per_second: number };
  files: FileEntry[];
  /** What a sink other than the JSONL files did (vector store: added, skipped, deleted; embeddings). */
  sink?: Record<string, unknown>;
  /** A queued run (`--queue`): its id, the Redis (no password), the files that failed for good. */
  queue?: { run: string; redis: string; dead_letters: DeadLetter[] };
}

/** A queued file that failed every attempt (or whose worker died too often). */
export interface DeadLetter {
  source: string;
  path: string;
  attempts: number;
  error: string;
}

/** Add one chunk's verdict to a file entry's counts. */
export function countVerdict(
  entry: FileEntry,
  verdict: { kept: boolean; reasons: readonly string[]; redacted: readonly string[] },
): void {
  entry.chunks = (entry.chunks ?? 0) + 1;
  if (verdict.kept) {
    entry.kept = (entry.kept ?? 0) + 1;
    if (verdict.redacted.length > 0) entry.redacted = (entry.redacted ?? 0) + 1;
  } else {
    entry.dropped = (entry.dropped ?? 0) + 1;
  }
  const names = verdict.kept ? verdict.redacted : verdict.reasons;
  if (names.length === 0) return;
  const key = verdict.kept ? "redacted_by" : "dropped_by";
  const counts = entry[key] ?? {};
  entry[key] = counts;
  for (const name of names) counts[name] = (counts[name] ?? 0) + 1;
}

function mergeCounts(
  files: readonly FileEntry[],
  key: "dropped_by" | "redacted_by",
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const file of files) {
    for (const [name, count] of Object.entries(file[key] ?? {}))
      out[name] = (out[name] ?? 0) + count;
  }
  return out;
}

const round = (value: number, digits = 3): number =>
  Math.round(value * 10 ** digits) / 10 ** digits;

/** Progress figures while a run goes. */
export interface ProgressSnapshot {
  files: number;
  chunks: number;
  dropped: number;
  bytes: number;
  seconds: number;
}

/**
 * Collects file entries during a run, then builds the report.
 *
 * @example
 * const report = createReportBuilder({ inputs, outDir, settings });
 * report.addFile(entry);
 * await writeFileAtomic("report.json", JSON.stringify(report.build("done")));
 */
export function createReportBuilder(base: {
  inputs: string[];
  outDir: string;
  settings: IngestSettings;
}) {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const files: FileEntry[] = [];
  const processed = { files: 0, chunks: 0, dropped: 0, bytes: 0 };
  return {
    addFile(entry: FileEntry): void {
      if (entry.load_ms !== undefined) entry.load_ms = round(entry.load_ms, 1);
      if (entry.scan_ms !== undefined) entry.scan_ms = round(entry.scan_ms, 1);
      files.push(entry);
      if (entry.status === "pending" || entry.status === "resumed") return;
      processed.files += 1;
      processed.bytes += entry.bytes;
      processed.chunks += entry.chunks ?? 0;
      processed.dropped += entry.dropped ?? 0;
    },
    snapshot(): ProgressSnapshot {
      return { ...processed, seconds: (Date.now() - started) / 1000 };
    },
    build(status: IngestReport["status"]): IngestReport {
      const elapsed = Math.max((Date.now() - started) / 1000, 1e-6);
      const count = (wanted: FileStatus): number =>
        files.filter((file) => file.status === wanted).length;
      const sum = (key: "documents" | "chunks" | "kept" | "dropped" | "redacted"): number =>
        files.reduce((total, file) => total + (file[key] ?? 0), 0);
      return {
        status,
        ragguard_version: packageVersion,
        started_at: startedAt,
        finished_at: new Date().toISOString(),
        elapsed_seconds: round(elapsed),
        inputs: base.inputs,
        out_dir: base.outDir,
        settings: base.settings,
        totals: {
          files: files.length,
          loaded: count("loaded"),
          skipped: count("skipped"),
          resumed: count("resumed"),
          pending: count("pending"),
          documents: sum("documents"),
          chunks: sum("chunks"),
          kept: sum("kept"),
          dropped: sum("dropped"),
          redacted: sum("redacted"),
          bytes: processed.bytes,
        },
        dropped_by_scanner: mergeCounts(files, "dropped_by"),
        redacted_by_scanner: mergeCounts(files, "redacted_by"),
        throughput: {
          mb_per_second: round(processed.bytes / 1e6 / elapsed),
          chunks_per_second: round(processed.chunks / elapsed, 1),
          files_per_second: round(processed.files / elapsed, 1),
        },
        files,
      };
    },
  };
}

export type ReportBuilder = ReturnType<typeof createReportBuilder>;
