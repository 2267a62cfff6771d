import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { z } from "zod";
import { scannerConfigSchema } from "../../scanners/scanner-config.js";
import type { ChunkScan } from "../chunk-scanner.js";
import type { ChunkRecord } from "../load-chunks.js";
import type { FileEntry } from "../report.js";

/** The BullMQ queue every ingest run shares (its Redis keys start `<prefix>:ingest:`). */
export const ingestQueueName = "ingest";

/** Where a run's queue lives: a Redis URL and the key prefix of the queue and run records. */
export const queueLocationSchema = z
  .object({
    /** `redis://[user:password@]host:port[/db]` (or `rediss://`). */
    url: z.string().regex(/^rediss?:\/\/./, "must be a redis:// or rediss:// URL"),
    /** Key prefix: runs on one Redis with different prefixes never meet. */
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, "must be letters, digits, '_', '.' or '-'")
      .default("ragguard"),
  })
  .strict();
export type QueueLocation = z.input<typeof queueLocationSchema>;

/** A run id: letters, digits, `_`, `.`, `-` (BullMQ job ids may not hold `:`). */
export const runIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1-64 letters, digits, '_', '.' or '-'");

/** A fresh run id: the UTC minute and 6 random hex digits, e.g. `20261128T2115-3f9a0c`. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, "");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

/** The job of one file in one run: enqueueing the same path twice under a run adds nothing. */
export function jobIdFor(runId: string, path: string): string {
  return `${runId}.${createHash("sha256").update(path).digest("hex").slice(0, 24)}`;
}

/** The Redis hash of a run (config, state) and its companions (`:processed`, `:dead`). */
export function runKey(prefix: string, runId: string, part?: "processed" | "dead"): string {
  return `${prefix}:ingest-runs:${runId}${part ? `:${part}` : ""}`;
}

/** What every worker needs to process a run's files: how to load and split, which scanners. */
export const runConfigSchema = z.object({
  chunkSize: z.number().int().positive(),
  chunkOverlap: z.number().int().min(0),
  textField: z.string().optional(),
  scanners: z.array(scannerConfigSchema).min(1),
  files: z.number().int().min(0),
});
export type RunConfig = z.input<typeof runConfigSchema>;

/** One job: a file of a run, as the follower's walk found it (workers read the same path). */
export const fileJobSchema = z.object({
  run: runIdSchema,
  path: z.string().min(1),
  source: z.string(),
  root: z.string().min(1),
});
export type FileJob = z.infer<typeof fileJobSchema>;

const chunkScanSchema = z.object({
  sanitized: z.string(),
  valid: z.record(z.string(), z.boolean()),
  scores: z.record(z.string(), z.number()),
  vaultEntries: z.array(z.tuple([z.string(), z.string()]).readonly()),
}) satisfies z.ZodType<ChunkScan>;

const chunkRecordSchema = z.object({
  id: z.string(),
  pageContent: z.string(),
  metadata: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<ChunkRecord>;

const fileEntrySchema = z.custom<FileEntry>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).source === "string" &&
    typeof (value as Record<string, unknown>).status === "string",
);

/**
 * What a worker hands back for a file (stored gzipped as the job's return value): a report entry
 * (skipped: unsupported, binary, unparsable), or its chunks with their scans and the scans of its
 * metadata texts, judged and numbered by the follower exactly as a single-process run would.
 */
export const fileResultSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("entry"), entry: fileEntrySchema }),
  z.object({
    kind: z.literal("loaded"),
    entry: fileEntrySchema,
    chunks: z.array(chunkRecordSchema),
    scans: z.array(chunkScanSchema),
    fieldScans: z.array(z.tuple([z.string(), chunkScanSchema])),
  }),
]);
export type FileResult = z.infer<typeof fileResultSchema>;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A result as the job's return value: gzipped JSON in base64 (chunk text compresses well). */
export async function encodeResult(result: FileResult): Promise<string> {
  return (await gzipAsync(JSON.stringify(result))).toString("base64");
}

/** The result a worker stored; throws naming the job when it is not one. */
export async function decodeResult(value: unknown, jobId: string): Promise<FileResult> {
  if (typeof value !== "string") throw new Error(`job ${jobId}: no result stored`);
  const json: unknown = JSON.parse((await gunzipAsync(Buffer.from(value, "base64"))).toString());
  const parsed = fileResultSchema.safeParse(json);
  if (!parsed.success) throw new Error(`job ${jobId}: malformed result: ${parsed.error.message}`);
  return parsed.data;
}
