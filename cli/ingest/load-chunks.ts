import { readFile } from "node:fs/promises";
import { z } from "zod";
import { once } from "../../src/common/once.js";

/**
 * The loaders (every parser: html-to-text, yaml, csv, docx, ...) and the splitter, imported on the
 * first file this thread loads: a run with worker threads never loads a file on its main thread,
 * which then starts ~0.3 CPU-s sooner. Ingest workers import them as they start (ingest-worker).
 */
export const importLoading = once(async () => {
  const [{ hashBytes, loadFile }, { createSplitter }] = await Promise.all([
    import("../../loaders/load-file.js"),
    import("../../filters/splitter.js"),
  ]);
  return { hashBytes, loadFile, createSplitter };
});

/** How every file of a run is loaded and split (the same on every thread). */
export const loadSettingsSchema = z.object({
  chunkSize: z.number().int().positive(),
  chunkOverlap: z.number().int().min(0),
  textField: z.string().optional(),
});
export type LoadSettings = z.infer<typeof loadSettingsSchema>;

/** One file to load: its path, its `metadata.source`, and the hash an earlier run recorded. */
export const loadRequestSchema = z.object({
  path: z.string(),
  source: z.string(),
  /** SHA-256 a previous run (`--resume`) finished this path with; equal content is not loaded. */
  previousHash: z.string().optional(),
});
export type LoadRequest = z.infer<typeof loadRequestSchema>;

/** One chunk as it crosses threads: the splitter's id, text and metadata. */
export const chunkRecordSchema = z.object({
  id: z.string(),
  pageContent: z.string(),
  metadata: z.record(z.string(), z.unknown()),
});
export type ChunkRecord = z.infer<typeof chunkRecordSchema>;

/** A file whose content has the hash an earlier run finished it with: not loaded again. */
export const unchangedLoadSchema = z.object({ kind: z.literal("unchanged"), hash: z.string() });

/** A file that could not be read or parsed, and why. */
export const skippedLoadSchema = z.object({
  kind: z.literal("skipped"),
  bytes: z.number(),
  hash: z.string().optional(),
  reason: z.string(),
  message: z.string(),
});

/** What loading one file gave: its chunks, "unchanged since the last run", or why it was skipped. */
export const fileLoadSchema = z.discriminatedUnion("kind", [
  unchangedLoadSchema,
  skippedLoadSchema,
  z.object({
    kind: z.literal("loaded"),
    hash: z.string(),
    loader: z.string(),
    bytes: z.number(),
    documents: z.number(),
    warnings: z.array(z.string()),
    chunks: z.array(chunkRecordSchema),
  }),
]);
export type FileLoad = z.infer<typeof fileLoadSchema>;

/**
 * Read, hash, load and split one file. Never throws: an unreadable or unparsable file comes back
 * as `skipped` with its reason. Runs on the main thread (`--workers 0`, `--guard-url`) or in an
 * ingest worker, so file bytes and parsed documents never cross a thread.
 *
 * @example
 * const loaded = await loadChunks({ path: "/docs/a.md", source: "a.md" }, { chunkSize: 1000, chunkOverlap: 0 });
 */
export async function loadChunks(request: LoadRequest, settings: LoadSettings): Promise<FileLoad> {
  const { hashBytes, loadFile, createSplitter } = await importLoading();
  let bytes: Buffer;
  try {
    bytes = await readFile(request.path);
  } catch (error) {
    const message = `cannot read: ${(error as Error).message}`;
    return { kind: "skipped", bytes: 0, reason: "read_error", message };
  }
  const hash = hashBytes(bytes);
  if (request.previousHash === hash) return { kind: "unchanged", hash };
  const outcome = await loadFile(request.path, {
    source: request.source,
    bytes,
    hash,
    ...(settings.textField ? { textField: settings.textField } : {}),
  });
  if (!outcome.ok) {
    const { reason, message } = outcome;
    return { kind: "skipped", bytes: bytes.length, hash, reason, message };
  }
  const splitter = createSplitter({
    chunkSize: settings.chunkSize,
    chunkOverlap: settings.chunkOverlap,
  });
  const chunks = await splitter.splitDocuments(outcome.documents);
  return {
    kind: "loaded",
    hash,
    loader: outcome.loader,
    bytes: outcome.bytes,
    documents: outcome.documents.length,
    warnings: outcome.warnings,
    chunks: chunks.map((chunk) => ({
      id: chunk.id ?? "",
      pageContent: chunk.pageContent,
      metadata: chunk.metadata,
    })),
  };
}
