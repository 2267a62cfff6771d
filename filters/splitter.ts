import type { Document } from "@langchain/core/documents";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import { z } from "zod";
import { parseConfig } from "../src/common/config.js";
import { chunkId } from "./chunk-id.js";

export const splitterOptionsSchema = z
  .object({
    /** Maximum characters per chunk (the spec's retrieval pattern uses 1000). */
    chunkSize: z.number().int().positive().default(1000),
    /** Characters shared by neighbouring chunks (the spec's pattern uses 0). */
    chunkOverlap: z.number().int().min(0).default(0),
  })
  .strict()
  .refine((value) => value.chunkOverlap < value.chunkSize, {
    message: "chunkOverlap must be smaller than chunkSize",
    path: ["chunkOverlap"],
  });

export type SplitterOptions = z.input<typeof splitterOptionsSchema>;

/**
 * LangChain's `RecursiveCharacterTextSplitter` that also gives each chunk a stable `id` (hash of
 * source, index and text) and `metadata.chunk` (its index within its source), keeping the source
 * metadata and `loc.lines`.
 */
export class ChunkSplitter extends RecursiveCharacterTextSplitter {
  override async splitDocuments(documents: Document[]): Promise<Document[]> {
    const chunks = await super.splitDocuments(documents);
    const counters = new Map<string, number>();
    for (const chunk of chunks) {
      const source = String(chunk.metadata.source ?? "");
      const index = counters.get(source) ?? 0;
      counters.set(source, index + 1);
      chunk.id = chunkId(source, index, chunk.pageContent);
      chunk.metadata = { ...chunk.metadata, chunk: index };
    }
    return chunks;
  }
}

/**
 * The ingestion splitter: 1000 characters, no overlap by default (the spec's retrieval pattern).
 * Every chunk is at most `chunkSize` characters.
 *
 * @example
 * const chunks = await createSplitter().splitDocuments(documents);
 * const kept = await createSplitter({ chunkSize: 500 }).pipe(new GuardFilter({ scanners })).invoke(documents);
 */
export function createSplitter(options: SplitterOptions = {}): ChunkSplitter {
  const { chunkSize, chunkOverlap } = parseConfig(splitterOptionsSchema, options, "splitter");
  return new ChunkSplitter({ chunkSize, chunkOverlap });
}
