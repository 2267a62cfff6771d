import { join } from "node:path";
import { type AtomicLineWriter, type LineMark, openLineWriter } from "./atomic-file.js";
import type { Sink, SinkRecord } from "./sink.js";

/** The JSONL sink's output files in its folder. */
export const jsonlOutputNames = ["chunks.jsonl", "dropped.jsonl"] as const;

/** Field names of a chunk's text: the spec's (LangChain Python) and LangChain JS's. */
export const pageContentKeys = ["page_content", "pageContent"] as const;
export type PageContentKey = (typeof pageContentKeys)[number];

/** How the JSONL sink writes each line. */
export interface JsonLineOptions {
  /** Field of the chunk's text (default `page_content`). */
  pageContentKey?: PageContentKey;
  /** Scalar metadata only: nested objects become dotted keys, lists JSON strings. */
  flatMetadata?: boolean;
}

/**
 * Flatten metadata for stores that take scalars only: `{loc: {lines: {from: 1}}}` becomes
 * `{"loc.lines.from": 1}`; a list becomes its JSON text; `null` stays.
 *
 * @example
 * flattenMetadata({ guard: { scores: { Toxicity: 0.1 } } }); // { "guard.scores.Toxicity": 0.1 }
 */
export function flattenMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) out[path] = JSON.stringify(value);
    else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else out[path] = value;
  };
  walk(metadata, "");
  return out;
}

/** One line of `chunks.jsonl` (`dropped.jsonl` adds `scores`, `reasons` and, when located, `spans`). */
export function toJsonLine(
  record: SinkRecord,
  options: JsonLineOptions = {},
): Record<string, unknown> {
  const metadata = options.flatMetadata ? flattenMetadata(record.metadata) : record.metadata;
  const line = {
    id: record.id,
    [options.pageContentKey ?? "page_content"]: record.pageContent,
    metadata,
  };
  if (record.kept) return line;
  const { scores, reasons, spans } = record;
  return { ...line, scores, reasons, ...(spans && { spans }) };
}

/**
 * Write kept chunks to `chunks.jsonl` and dropped ones to `dropped.jsonl` in `outDir`
 * (`{"id","page_content","metadata"}` per line, dropped lines with `scores` and `reasons`;
 * see {@link JsonLineOptions} for LangChain JS's `pageContent` and flat metadata). Both
 * are written to temporary files renamed into place on commit, so readers never see half a run.
 *
 * @example
 * const sink = createJsonlSink({ outDir: "ragguard-out" });
 */
export function createJsonlSink(options: { outDir: string } & JsonLineOptions): Sink {
  const chunks: AtomicLineWriter = openLineWriter(join(options.outDir, jsonlOutputNames[0]));
  const dropped: AtomicLineWriter = openLineWriter(join(options.outDir, jsonlOutputNames[1]));
  let marks: { chunks: LineMark; dropped: LineMark } | undefined;
  return {
    async startFile() {
      marks = { chunks: await chunks.mark(), dropped: await dropped.mark() };
    },
    async write(records) {
      for (const record of records) {
        (record.kept ? chunks : dropped).writeJson(toJsonLine(record, options));
      }
      // Bound what waits in memory for the disk to what one batch wrote.
      await chunks.flushed();
      await dropped.flushed();
    },
    async endFile() {
      marks = undefined;
    },
    async discardFile() {
      if (!marks) return;
      await chunks.rollback(marks.chunks);
      await dropped.rollback(marks.dropped);
      marks = undefined;
    },
    async commit() {
      await chunks.commit();
      await dropped.commit();
      return [chunks.path, dropped.path];
    },
    async abort() {
      await chunks.abort();
      await dropped.abort();
    },
  };
}
