import { Document } from "@langchain/core/documents";
import { index, type RecordManagerInterface } from "@langchain/core/indexing";
import type { VectorStore } from "@langchain/core/vectorstores";
import type { Sink, SinkRecord } from "../sink.js";

/** LangChain's cleanup modes, and `none` (never delete). */
export type CleanupMode = "none" | "incremental" | "full";

/** What a vector sink did in one run (the report's `vector_store` section). */
export interface VectorSinkStats {
  added: number;
  updated: number;
  skipped: number;
  deleted: number;
}

export interface VectorSinkOptions {
  vectorStore: VectorStore;
  recordManager: RecordManagerInterface & { flush?(): Promise<void> };
  /** `incremental` (default): a file's chunks replace its earlier ones; `full`: also remove files gone; `none`: only add. */
  cleanup?: CleanupMode;
  /**
   * Stored in each chunk's metadata as `ragguard_detectors` and so part of its hash: a new
   * scanner set or model version re-indexes every chunk.
   */
  detectorVersion: string;
  /** Named in the summary (e.g. `lancedb://./vectors?table=chunks`). */
  uri: string;
}

/**
 * A {@link Sink} that indexes the kept chunks of each file into any LangChain `VectorStore`
 * with LangChain's `index()` and a record manager: a chunk whose hash (text + metadata, detector
 * version included) is already recorded is skipped, not embedded again; with `incremental`
 * cleanup the chunks a file no longer has are deleted when the file is indexed (also when it has
 * none left), with `full` cleanup every chunk not seen in this run is deleted at commit (files
 * removed from the folder too). Dropped chunks never reach the store.
 *
 * @example
 * const sink = createVectorSink({ vectorStore, recordManager, detectorVersion: "0.2.0", uri: "memory" });
 * await ingest(["docs"], { sink });
 */
export function createVectorSink(options: VectorSinkOptions): Sink & { stats: VectorSinkStats } {
  const cleanup = options.cleanup ?? "incremental";
  const stats: VectorSinkStats = { added: 0, updated: 0, skipped: 0, deleted: 0 };
  const { vectorStore, recordManager } = options;
  let ready: Promise<number> | undefined;
  let source = "";
  let pending: Document[] = [];

  /** Once per run: the record's schema, and the time the run started (for `full`). */
  const start = () => {
    ready ??= recordManager.createSchema().then(() => recordManager.getTime());
    return ready;
  };

  const remove = async (keys: string[]) => {
    if (keys.length === 0) return;
    await vectorStore.delete({ ids: keys });
    await recordManager.deleteKeys(keys);
    stats.deleted += keys.length;
  };

  return {
    stats,
    async startFile(file) {
      await start();
      source = file;
      pending = [];
    },
    async write(records: readonly SinkRecord[]) {
      for (const record of records) {
        if (!record.kept) continue;
        const metadata = { ...record.metadata, ragguard_detectors: options.detectorVersion };
        pending.push(new Document({ pageContent: record.pageContent, metadata }));
      }
    },
    async endFile() {
      const fileStart = await recordManager.getTime();
      const result = await index({
        docsSource: pending,
        recordManager,
        vectorStore,
        options: {
          sourceIdKey: () => source,
          ...(cleanup === "incremental" ? { cleanup: "incremental" as const } : {}),
        },
      });
      stats.added += result.numAdded;
      stats.updated += result.numUpdated;
      stats.skipped += result.numSkipped;
      stats.deleted += result.numDeleted;
      // index() cleans only the sources it saw: a file whose chunks are now all dropped
      // (or empty) has its earlier chunks removed here.
      if (cleanup === "incremental" && pending.length === 0) {
        await remove(await recordManager.listKeys({ before: fileStart, groupIds: [source] }));
      }
      pending = [];
      await recordManager.flush?.();
    },
    async discardFile() {
      pending = [];
    },
    async commit() {
      const runStart = await start();
      if (cleanup === "full") {
        for (;;) {
          const keys = await recordManager.listKeys({ before: runStart, limit: 1000 });
          if (keys.length === 0) break;
          await remove(keys);
        }
      }
      await recordManager.flush?.();
      return [options.uri];
    },
    async abort() {
      await recordManager.flush?.();
    },
  };
}
