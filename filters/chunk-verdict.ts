import type { Logger } from "../src/common/logger.js";
import { baseName, failedScanners } from "../src/scan/is-valid.js";

/** What judging a chunk reads and writes of it: a LangChain `Document`'s fields, as plain data. */
export interface ChunkFields {
  pageContent: string;
  metadata: Record<string, unknown>;
  id?: string | undefined;
}

/** The verdict on one chunk, with the judged chunk as plain fields (see `judgeChunk`). */
export interface ChunkFieldsVerdict {
  /** The chunk's fields with sanitized text and `metadata.guard`. */
  chunk: ChunkFields;
  kept: boolean;
  scores: Record<string, number>;
  reasons: string[];
  redacted: string[];
}

/**
 * `judgeChunk` without building a LangChain `Document`: ingest's main thread writes the fields
 * straight to JSONL, and so need not import LangChain (its module graph is ~0.13 CPU-s).
 */
export function judgeChunkFields(
  chunk: ChunkFields,
  scan: { sanitized: string; valid: Record<string, boolean>; scores: Record<string, number> },
  ignoreInvalid: readonly string[],
): ChunkFieldsVerdict {
  const reasons = failedScanners(scan.valid, ignoreInvalid);
  const redacted = Object.entries(scan.valid)
    .filter(([name, valid]) => !valid && !reasons.includes(name))
    .map(([name]) => baseName(name));
  const guard: Record<string, unknown> = { scores: scan.scores };
  if (redacted.length > 0) guard.redacted = redacted;
  const judged: ChunkFields = {
    pageContent: scan.sanitized,
    metadata: { ...chunk.metadata, guard },
    id: chunk.id,
  };
  return { chunk: judged, kept: reasons.length === 0, scores: scan.scores, reasons, redacted };
}

/** Log the "Dropped chunk" warning the spec asks for. */
export function logDroppedChunk(
  logger: Logger,
  metadata: Record<string, unknown>,
  verdict: { scores: Record<string, number>; reasons: string[] },
): void {
  logger.warn(
    {
      source: metadata.source,
      chunk: metadata.chunk,
      ...(metadata.page === undefined ? {} : { page: metadata.page }),
      scores: verdict.scores,
      reasons: verdict.reasons,
    },
    "Dropped chunk",
  );
}
