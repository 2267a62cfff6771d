// ragguard/ingest: the ingestion engine (walk -> load -> split -> scan -> sinks -> report).
export type { ChunkScan, ScanningMode } from "./chunk-scanner.js";
export type { ChunkStats, DroppedChunk } from "./chunk-stats.js";
export { ingestConfigSchema, loadIngestConfig } from "./config-file.js";
export { IngestUnusableError } from "./errors.js";
export { htmlReportFileName, ingest, reportFileName } from "./ingest.js";
export {
  createJsonlSink,
  flattenMetadata,
  type JsonLineOptions,
  jsonlOutputNames,
  type PageContentKey,
  pageContentKeys,
  toJsonLine,
} from "./jsonl-sink.js";
export {
  type IngestOptions,
  type IngestProgressEvent,
  ingestOptionsSchema,
  type ResolvedIngestOptions,
} from "./options.js";
export * from "./queue/index.js";
export type {
  DeadLetter,
  FileEntry,
  FileStatus,
  IngestReport,
  IngestSettings,
  ProgressSnapshot,
} from "./report.js";
export { renderReportHtml } from "./report-html/index.js";
export {
  defaultIgnoreInvalid,
  defaultIngestScanners,
  resolveScannerSet,
  type ScannerSet,
} from "./scanner-set.js";
export type { Sink, SinkRecord } from "./sink.js";
export type { ChunkSpans } from "./span-capture.js";
export { formatIngestSummary } from "./summary.js";
export { loadVault, saveVault } from "./vault-file.js";
export * from "./vector/index.js";
