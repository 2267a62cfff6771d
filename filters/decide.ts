import { Document } from "@langchain/core/documents";
import { baseName, failedScanners } from "../src/scan/is-valid.js";

/** The verdict on one chunk after scanning. */
export interface ChunkVerdict {
  /** The chunk with sanitized text and `metadata.guard`. */
  document: Document;
  /** True when no scanner outside `ignoreInvalid` found it invalid. */
  kept: boolean;
  scores: Record<string, number>;
  /** Scanners (outside `ignoreInvalid`) that found the chunk invalid. */
  reasons: string[];
  /** Scanners in `ignoreInvalid` that found it invalid (their change, e.g. redaction, was kept). */
  redacted: string[];
}

/** What a drop callback receives. */
export interface DroppedChunk {
  /** The chunk with its sanitized text (PII already redacted) and `metadata.guard`. */
  document: Document;
  scores: Record<string, number>;
  reasons: string[];
}

/**
 * Apply a scan result to a chunk: replace its text with the sanitized text, record scores in
 * `metadata.guard`, and decide whether it is kept (spec rule 4, minus `ignoreInvalid`).
 */
export function judgeChunk(
  chunk: Document,
  scan: { sanitized: string; valid: Record<string, boolean>; scores: Record<string, number> },
  ignoreInvalid: readonly string[],
): ChunkVerdict {
  const reasons = failedScanners(scan.valid, ignoreInvalid);
  const redacted = Object.entries(scan.valid)
    .filter(([name, valid]) => !valid && !reasons.includes(name))
    .map(([name]) => baseName(name));
  const guard: Record<string, unknown> = { scores: scan.scores };
  if (redacted.length > 0) guard.redacted = redacted;
  const document = new Document({
    pageContent: scan.sanitized,
    metadata: { ...chunk.metadata, guard },
    ...(chunk.id === undefined ? {} : { id: chunk.id }),
  });
  return { document, kept: reasons.length === 0, scores: scan.scores, reasons, redacted };
}
