import { judgeChunkFields, logDroppedChunk } from "../../filters/chunk-verdict.js";
import type { Logger } from "../common/logger.js";
import type { Vault } from "../scanners/vault.js";
import type { ChunkScan } from "./chunk-scanner.js";
import { type FileWork, type ScannedBatch, scanFailedEntry } from "./file-work.js";
import { type GuardedMetadata, guardMetadata } from "./metadata-fields.js";
import {
  adoptChunkRedactions,
  adoptRedactions,
  type PlaceholderNumbering,
  removePlaceholders,
} from "./placeholders.js";
import { countVerdict, type FileEntry } from "./report.js";
import type { Sink, SinkRecord } from "./sink.js";
import type { ChunkSpans } from "./span-capture.js";

/** What writing a file needs from the run. */
export interface WriteOptions {
  sink: Sink;
  /** The run's vault: every chunk's redactions are numbered into it. */
  vault: Vault;
  /** Where numbering each placeholder shape resumes in `vault` (one per run). */
  numbering: PlaceholderNumbering;
  ignoreInvalid: readonly string[];
  logger: Logger;
}

/** Note dropped and redacted metadata fields on the chunk's `guard` and the file's warnings. */
function noteFields(entry: FileEntry, guard: Record<string, unknown>, fields: GuardedMetadata) {
  if (fields.redacted.length > 0) guard.redacted_fields = fields.redacted;
  if (fields.dropped.length === 0) return;
  guard.dropped_fields = fields.dropped;
  const warnings = new Set(entry.warnings);
  for (const path of fields.dropped) {
    warnings.add(`metadata field ${JSON.stringify(path)} dropped: a scanner found it invalid`);
  }
  entry.warnings = [...warnings];
}

/** Carry spans over to the text with the run's placeholders. */
function moveSpans(spans: ChunkSpans, moveOffset: (offset: number) => number): ChunkSpans {
  const moved: ChunkSpans = {};
  for (const [key, list] of Object.entries(spans)) {
    moved[key] = list.map(({ start, end, score }) => ({
      start: moveOffset(start),
      end: moveOffset(end),
      score,
    }));
  }
  return moved;
}

/** Judge one batch: adopt its redactions into the run vault, count, and make its records. */
function judgeBatch(
  work: Extract<FileWork, { kind: "loaded" }>,
  batch: ScannedBatch,
  options: WriteOptions,
  appended: string[],
): SinkRecord[] {
  const { entry } = work;
  const adopt = (scan: ChunkScan): string =>
    adoptRedactions(scan.sanitized, scan.vaultEntries, options.vault, options.numbering, appended);
  return batch.chunks.map((original, index) => {
    const scan = batch.scans[index]!;
    const fields = guardMetadata(original.metadata, work.fieldScans, options.ignoreInvalid, adopt);
    const chunk = { ...original, metadata: fields.metadata };
    const renamed = adoptChunkRedactions(
      scan.sanitized,
      scan.vaultEntries,
      options.vault,
      options.numbering,
      appended,
    );
    const sanitized = renamed.text;
    entry.scan_ms = (entry.scan_ms ?? 0) + (scan.elapsedMs ?? 0);
    const verdict = judgeChunkFields(
      chunk,
      { sanitized, valid: scan.valid, scores: scan.scores },
      options.ignoreInvalid,
    );
    countVerdict(entry, verdict);
    noteFields(entry, verdict.chunk.metadata.guard as Record<string, unknown>, fields);
    const record: SinkRecord = {
      kept: verdict.kept,
      id: verdict.chunk.id ?? chunk.id,
      pageContent: verdict.chunk.pageContent,
      metadata: verdict.chunk.metadata,
    };
    if (verdict.kept) return record;
    logDroppedChunk(options.logger, verdict.chunk.metadata, verdict);
    const spans = scan.spans && moveSpans(scan.spans, renamed.moveOffset);
    return { ...record, scores: verdict.scores, reasons: verdict.reasons, ...(spans && { spans }) };
  });
}

/**
 * A file that fails half-way had its "Dropped chunk" warnings logged as its batches were written
 * (a large file's are not held back until it ends); its records are then taken back out of the
 * sink, so say that those drops never reached the output.
 */
function reportRolledBackDrops(entry: FileEntry, logger: Logger): void {
  const warned = entry.dropped ?? 0;
  if (warned === 0) return;
  logger.warn(
    { source: entry.source, chunks: warned, reason: "scan_error" },
    `Rolled back ${warned} dropped chunk(s) of ${JSON.stringify(entry.source)}: the file failed half-way and is skipped, so the drops warned above were not written`,
  );
}

/** The feed's next batch; a failure to produce it (scanning, a worker lost) is tagged. */
async function nextBatch(work: Extract<FileWork, { kind: "loaded" }>) {
  try {
    return { batch: await work.feed.next() };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Write one file's results in order as its batches arrive. A file whose scanning fails half-way
 * leaves nothing behind: its records are taken back out of the sink, its placeholders out of the
 * run vault, and it is reported as `scan_error`.
 */
export async function writeFileWork(work: FileWork, options: WriteOptions): Promise<FileEntry> {
  const { sink } = options;
  if (work.kind === "entry") return work.entry;
  if (work.kind === "resumed") {
    await sink.startFile(work.done.entry.source);
    await sink.write(work.done.records);
    await sink.endFile();
    return { ...work.done.entry, path: work.path, status: "resumed" };
  }
  const { entry } = work;
  try {
    await sink.startFile(entry.source);
    const appended: string[] = [];
    for (;;) {
      const next = await nextBatch(work);
      if (next.failed !== undefined) {
        await sink.discardFile();
        removePlaceholders(appended, options.vault, options.numbering);
        reportRolledBackDrops(entry, options.logger);
        return scanFailedEntry(entry, entry, next.failed);
      }
      if (next.batch === undefined) break;
      await sink.write(judgeBatch(work, next.batch, options, appended));
    }
    await sink.endFile();
    return entry;
  } finally {
    work.feed.close();
  }
}
