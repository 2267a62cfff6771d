import { z } from "zod";

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
