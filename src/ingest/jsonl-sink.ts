import { join } from "node:path";
import { type AtomicLineWriter, type LineMark, openLineWriter } from "./atomic-file.js";
import type { Sink, SinkRecord } from "./sink.js";

/** The JSONL sink's output files in its folder. */
export const jsonlOutputNames = ["chunks.jsonl", "dropped.jsonl"] as const;

/** One line of `chunks.jsonl` (`dropped.jsonl` adds `scores` and `reasons`). */
export function toJsonLine(record: SinkRecord): Record<string, unknown> {
  const line = { id: record.id, page_content: record.pageContent, metadata: record.metadata };
  return record.kept ? line : { ...line, scores: record.scores, reasons: record.reasons };
}

/**
 * Write kept chunks to `chunks.jsonl` and dropped ones to `dropped.jsonl` in `outDir`
 * (`{"id","page_content","metadata"}` per line, dropped lines with `scores` and `reasons`). Both
 * are written to temporary files renamed into place on commit, so readers never see half a run.
 *
 * @example
 * const sink = createJsonlSink({ outDir: "ragguard-out" });
 */
export function createJsonlSink(options: { outDir: string }): Sink {
  const chunks: AtomicLineWriter = openLineWriter(join(options.outDir, jsonlOutputNames[0]));
  const dropped: AtomicLineWriter = openLineWriter(join(options.outDir, jsonlOutputNames[1]));
  let marks: { chunks: LineMark; dropped: LineMark } | undefined;
  return {
    async startFile() {
      marks = { chunks: await chunks.mark(), dropped: await dropped.mark() };
    },
    async write(records) {
      for (const record of records) {
        (record.kept ? chunks : dropped).writeJson(toJsonLine(record));
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
