import { chunkId } from "./chunk-id.js";
import { countNewLines, type SplitSizes, splitRecursively } from "./recursive-split.js";

/** What is split: a document's text and metadata (a LangChain `Document` is one). */
export interface ChunkSource {
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** One chunk: its stable id, its text, and its document's metadata plus `loc` and `chunk`. */
export interface Chunk {
  id: string;
  pageContent: string;
  metadata: Record<string, unknown>;
}

type LineRange = { from: number; to: number };

/**
 * Split documents with the default recursive separators, as `ChunkSplitter.splitDocuments` does
 * with LangChain's own `createDocuments`: the same chunks, `loc.lines` (absolute also in
 * documents longer than `segmentChars`, which are split in segments), per-source `chunk`
 * indexes and ids, without LangChain (an ingest worker never imports it).
 *
 * @example
 * const chunks = splitChunks([{ pageContent: text, metadata: { source: "a.md" } }], { chunkSize: 1000, chunkOverlap: 0 });
 */
export function splitChunks(
  documents: readonly ChunkSource[],
  sizes: SplitSizes,
  segmentChars = 1_000_000,
): Chunk[] {
  const chunks: Chunk[] = [];
  const counters = new Map<string, number>();
  for (const document of documents) {
    if (document.pageContent === undefined) continue;
    const metadata = document.metadata;
    const source = String(metadata.source ?? "");
    let index = counters.get(source) ?? 0;
    const add = (pageContent: string, loc: Record<string, unknown>): void => {
      const id = chunkId(source, index, pageContent);
      chunks.push({ id, pageContent, metadata: { ...metadata, loc, chunk: index } });
      index++;
    };
    const text = document.pageContent;
    if (text.length <= segmentChars) {
      const base: unknown = metadata.loc;
      locateChunks(text, sizes, (chunk, lines) => {
        const loc = base && typeof base === "object" ? { ...base } : {};
        add(chunk, Object.assign(loc, { lines }));
      });
    } else {
      let start = 0;
      let lineOffset = 0;
      while (start < text.length) {
        const end = segmentEnd(text, start, segmentChars);
        const segment = text.slice(start, end);
        locateChunks(segment, sizes, (chunk, { from, to }) => {
          add(chunk, { lines: { from: from + lineOffset, to: to + lineOffset } });
        });
        lineOffset += countNewLines(segment);
        start = end;
      }
    }
    counters.set(source, index);
  }
  return chunks;
}

/** Each chunk of `text` with its `loc.lines`, found as LangChain's `createDocuments` finds them. */
function locateChunks(
  text: string,
  sizes: SplitSizes,
  onChunk: (chunk: string, lines: LineRange) => void,
): void {
  let line = 1;
  let previous: string | undefined;
  let previousAt = -1;
  for (const chunk of splitRecursively(text, sizes)) {
    const at = text.indexOf(chunk, previousAt + 1);
    if (previous === undefined) {
      line += countNewLines(text, 0, at);
    } else {
      const previousEnd = previousAt + previous.length;
      if (previousEnd < at) line += countNewLines(text, previousEnd, at);
      else if (previousEnd > at) line -= countNewLines(text, at, previousEnd);
    }
    const newLines = countNewLines(chunk);
    onChunk(chunk, { from: line, to: line + newLines });
    line += newLines;
    previous = chunk;
    previousAt = at;
  }
}

/**
 * Where a segment starting at `start` ends: after the last paragraph, line or word break before
 * `start + size`, else there.
 */
export function segmentEnd(text: string, start: number, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  for (const separator of ["\n\n", "\n", " "]) {
    const at = text.lastIndexOf(separator, limit - separator.length);
    if (at > start) return at + separator.length;
  }
  return limit;
}
