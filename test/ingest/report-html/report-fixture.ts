import type { DroppedChunk } from "../../../src/ingest/chunk-stats.js";
import type { FileEntry, IngestReport } from "../../../src/ingest/report.js";

/** A report as a run writes it, with the given files and dropped chunks. */
export function makeReport(files: FileEntry[], dropped: DroppedChunk[] = []): IngestReport {
  const sum = (key: "chunks" | "kept" | "dropped" | "redacted") =>
    files.reduce((total, file) => total + (file[key] ?? 0), 0);
  return {
    status: "done",
    ragguard_version: "0.1.0",
    started_at: "2026-11-28T21:00:00.000Z",
    finished_at: "2026-11-28T21:00:05.000Z",
    elapsed_seconds: 5,
    inputs: ["docs"],
    out_dir: "/tmp/out",
    settings: {
      chunk_size: 1000,
      chunk_overlap: 0,
      scanners: ["Anonymize", "PromptInjection"],
      scanner_configs: [],
      ignore_invalid: ["Anonymize"],
      scanning: "in-process",
      workers: 0,
    },
    totals: {
      files: files.length,
      loaded: files.filter((file) => file.status === "loaded").length,
      skipped: files.filter((file) => file.status === "skipped").length,
      resumed: 0,
      pending: 0,
      documents: files.length,
      chunks: sum("chunks"),
      kept: sum("kept"),
      dropped: sum("dropped"),
      redacted: sum("redacted"),
      bytes: 1234,
    },
    dropped_by_scanner: { PromptInjection: sum("dropped") },
    redacted_by_scanner: { Anonymize: sum("redacted") },
    throughput: { mb_per_second: 0.1, chunks_per_second: 10, files_per_second: 2 },
    files,
    score_histograms: { PromptInjection: [5, 0, 0, 0, 0, 0, 0, 0, 0, 1] },
    dropped_chunks: dropped,
  };
}

/** One loaded file entry. */
export function loadedFile(source: string, counts: Partial<FileEntry> = {}): FileEntry {
  return {
    source,
    path: `/docs/${source}`,
    status: "loaded",
    bytes: 100,
    chunks: 1,
    kept: 1,
    dropped: 0,
    redacted: 0,
    load_ms: 1,
    scan_ms: 2,
    ...counts,
  };
}
