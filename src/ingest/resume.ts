import { createReadStream } from "node:fs";
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import type { FileEntry } from "./report.js";
import type { SinkRecord } from "./sink.js";
import { chunkSpansSchema } from "./span-capture.js";

const counts = z.record(z.string(), z.number()).optional();

const previousFileSchema = z
  .object({
    source: z.string(),
    path: z.string(),
    status: z.string(),
    hash: z.string().optional(),
    loader: z.string().optional(),
    bytes: z.number(),
    documents: z.number().optional(),
    chunks: z.number().optional(),
    kept: z.number().optional(),
    dropped: z.number().optional(),
    redacted: z.number().optional(),
    dropped_by: counts,
    redacted_by: counts,
    warnings: z.array(z.string()).optional(),
  })
  .loose();

const previousReportSchema = z
  .object({
    files: z.array(previousFileSchema),
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** Settings that change what a chunk becomes; resuming with others would mix two kinds of output. */
const resumeSettingKeys = [
  "chunk_size",
  "chunk_overlap",
  "scanner_configs",
  "ignore_invalid",
  "flat_metadata",
] as const;

function assertSameSettings(
  previous: Record<string, unknown> | undefined,
  current: Record<string, unknown>,
  reportPath: string,
): void {
  for (const key of resumeSettingKeys) {
    const before = JSON.stringify(previous?.[key]);
    const now = JSON.stringify(current[key]);
    if (before !== now) {
      throw new ConfigError(
        `--resume: ${reportPath} was made with ${key} ${before ?? "(unknown)"}, this run has ${now}; run without --resume (or with the same settings)`,
      );
    }
  }
}

/** A file finished by an earlier run, and its records (kept ones first, then dropped ones). */
export interface DoneFile {
  entry: FileEntry;
  records: SinkRecord[];
}

/** Key of a file across runs: its absolute path. */
export type ResumeIndex = Map<string, DoneFile>;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** One line of an earlier run's `chunks.jsonl` or `dropped.jsonl`. */
const previousLineSchema = z.object({
  id: z.string(),
  page_content: z.string().optional(),
  pageContent: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()),
  scores: z.record(z.string(), z.number()).optional(),
  reasons: z.array(z.string()).optional(),
  spans: chunkSpansSchema.optional(),
});

/** Read a JSONL output and hand each line, as a record, with its `metadata.source` to `take`. */
async function readRecords(
  path: string,
  kept: boolean,
  take: (source: string, record: SinkRecord) => void,
): Promise<void> {
  if (!(await exists(path))) return;
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const parsed = previousLineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      throw new ConfigError(`--resume: ${path} has a line that is not an ingest output line`);
    }
    const { id, page_content, pageContent, metadata, scores, reasons, spans } = parsed.data;
    const text = page_content ?? pageContent;
    if (typeof metadata.source !== "string" || text === undefined) continue;
    const record: SinkRecord = { kept, id, pageContent: text, metadata };
    if (!kept)
      Object.assign(record, {
        scores: scores ?? {},
        reasons: reasons ?? [],
        ...(spans && { spans }),
      });
    take(metadata.source, record);
  }
}

/**
 * Read what an earlier run in `outDir` finished: files it loaded (or itself resumed), with their
 * content hash and their lines of `chunks.jsonl` and `dropped.jsonl`. No report: nothing is done.
 * A report made with other chunking or scanner settings is refused (ConfigError).
 *
 * @example
 * const done = await readResumeIndex("ragguard-out", settings);
 * const previous = done.get(file.path); // skip when previous.entry.hash equals the new hash
 */
export async function readResumeIndex(
  outDir: string,
  settings: Record<string, unknown>,
): Promise<ResumeIndex> {
  const reportPath = join(outDir, "report.json");
  const index: ResumeIndex = new Map();
  if (!(await exists(reportPath))) return index;
  let parsed: z.infer<typeof previousReportSchema>;
  try {
    parsed = previousReportSchema.parse(JSON.parse(await readFile(reportPath, "utf8")));
  } catch (error) {
    throw new ConfigError(
      `--resume: ${reportPath} is not an ingest report (${(error as Error).message})`,
    );
  }
  assertSameSettings(parsed.settings, settings, reportPath);
  const bySource = new Map<string, DoneFile>();
  for (const file of parsed.files) {
    if ((file.status !== "loaded" && file.status !== "resumed") || !file.hash) continue;
    const done: DoneFile = {
      entry: { ...file, status: "resumed" },
      records: [],
    };
    index.set(file.path, done);
    bySource.set(file.source, done);
  }
  const take = (source: string, record: SinkRecord) => bySource.get(source)?.records.push(record);
  await readRecords(join(outDir, "chunks.jsonl"), true, take);
  await readRecords(join(outDir, "dropped.jsonl"), false, take);
  return index;
}
