import { Document } from "@langchain/core/documents";
import { judgeChunkFields } from "./chunk-verdict.js";

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
  const { chunk: judged, ...verdict } = judgeChunkFields(chunk, scan, ignoreInvalid);
  const document = new Document({
    pageContent: judged.pageContent,
    metadata: judged.metadata,
    ...(judged.id === undefined ? {} : { id: judged.id }),
  });
  return { document, ...verdict };
}
