import { judgeChunkFields, logDroppedChunk } from "../../filters/chunk-verdict.js";
import type { Logger } from "../../src/common/logger.js";
import type { Vault } from "../../src/scanners/vault.js";
import type { AtomicLineWriter } from "./atomic-file.js";
import type { ScannedBatch } from "./chunk-scanner.js";
import { type FileWork, scanFailedEntry } from "./file-work.js";
import { adoptRedactions, type PlaceholderNumbering, removePlaceholders } from "./placeholders.js";
import { countVerdict, type FileEntry } from "./report.js";

export interface Writers {
  chunks: AtomicLineWriter;
  dropped: AtomicLineWriter;
}

/** What writing a file needs from the run. */
export interface WriteOptions {
  /** The run's vault: every chunk's redactions are numbered into it. */
  vault: Vault;
  /** Where numbering each placeholder shape resumes in `vault` (one per run). */
  numbering: PlaceholderNumbering;
  ignoreInvalid: readonly string[];
  logger: Logger;
}

/** Judge and write one batch: adopt its redactions into the run vault, count, write its lines. */
async function writeBatch(
  batch: ScannedBatch,
  entry: FileEntry,
  writers: Writers,
  options: WriteOptions,
  appended: string[],
): Promise<void> {
  for (const [index, chunk] of batch.chunks.entries()) {
    const scan = batch.scans[index]!;
    const sanitized = adoptRedactions(
      scan.sanitized,
      scan.vaultEntries,
      options.vault,
      options.numbering,
      appended,
    );
    const verdict = judgeChunkFields(
      chunk,
      { sanitized, valid: scan.valid, scores: scan.scores },
      options.ignoreInvalid,
    );
    countVerdict(entry, verdict);
    const line = {
      id: verdict.chunk.id,
      page_content: verdict.chunk.pageContent,
      metadata: verdict.chunk.metadata,
    };
    if (verdict.kept) {
      writers.chunks.writeJson(line);
    } else {
      writers.dropped.writeJson({ ...line, scores: verdict.scores, reasons: verdict.reasons });
      logDroppedChunk(options.logger, verdict.chunk.metadata, verdict);
    }
  }
}

/**
 * A file that fails half-way had its "Dropped chunk" warnings logged as its batches were written
 * (a large file's are not held back until it ends); its lines are then cut off again, so say
 * that those drops never reached `dropped.jsonl`.
 */
function reportRolledBackDrops(entry: FileEntry, logger: Logger): void {
  const warned = entry.dropped ?? 0;
  if (warned === 0) return;
  logger.warn(
    { source: entry.source, chunks: warned, reason: "scan_error" },
    `Rolled back ${warned} dropped chunk(s) of ${entry.source}: the file failed half-way and is skipped, so the drops warned above were not written`,
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
 * leaves nothing behind: its lines are cut off both outputs again, its placeholders taken back
 * out of the run vault, and it is reported as `scan_error`.
 */
export async function writeFileWork(
  work: FileWork,
  writers: Writers,
  options: WriteOptions,
): Promise<FileEntry> {
  if (work.kind === "entry") return work.entry;
  if (work.kind === "resumed") {
    for (const line of work.done.chunkLines) writers.chunks.writeRaw(line);
    for (const line of work.done.droppedLines) writers.dropped.writeRaw(line);
    return { ...work.done.entry, path: work.path, status: "resumed" };
  }
  const { entry } = work;
  try {
    const marks = { chunks: await writers.chunks.mark(), dropped: await writers.dropped.mark() };
    const appended: string[] = [];
    for (;;) {
      const next = await nextBatch(work);
      if (next.failed !== undefined) {
        await writers.chunks.rollback(marks.chunks);
        await writers.dropped.rollback(marks.dropped);
        removePlaceholders(appended, options.vault, options.numbering);
        reportRolledBackDrops(entry, options.logger);
        return scanFailedEntry(entry, entry, next.failed);
      }
      if (next.batch === undefined) return entry;
      await writeBatch(next.batch, entry, writers, options, appended);
      // Bound what waits in memory for the disk to what one batch wrote.
      await writers.chunks.flushed();
      await writers.dropped.flushed();
    }
  } finally {
    work.feed.close();
  }
}
