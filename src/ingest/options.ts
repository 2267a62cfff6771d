import { availableParallelism } from "node:os";
import { z } from "zod";
import type { Logger } from "../common/logger.js";
import { scannerConfigSchema } from "../scanners/scanner-config.js";
import { Vault } from "../scanners/vault.js";
import { pageContentKeys } from "./jsonl-sink.js";
import type { FileEntry, IngestReport, ProgressSnapshot } from "./report.js";
import type { Sink } from "./sink.js";

/** What `onProgress` hears during a run. */
export type IngestProgressEvent =
  /** The walk is done: `files` files will be loaded (or resumed). */
  | { type: "start"; files: number }
  /** One more file was written (or skipped), in walk order. */
  | { type: "file"; file: FileEntry; done: number; files: number; totals: ProgressSnapshot }
  /** Outputs are in place: the report, and what the sink wrote (paths or URIs). */
  | { type: "done"; report: IngestReport; outputs: string[] };

const isFunction = (value: unknown) => typeof value === "function";
const hasMethods =
  (...names: string[]) =>
  (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === "function");

/** Options of {@link ingest}; every field has a default. */
export const ingestOptionsSchema = z
  .object({
    /** Folder of `chunks.jsonl`, `dropped.jsonl` and `report.json`. */
    outDir: z.string().min(1).default("ragguard-out"),
    /** Maximum characters per chunk. */
    chunkSize: z.number().int().positive().default(1000),
    /** Characters shared by neighbouring chunks. */
    chunkOverlap: z.number().int().min(0).default(0),
    /** Only files matching these globs (relative to each input folder). */
    include: z.array(z.string()).optional(),
    /** Skip files matching these globs, on top of `node_modules` and `.git`. */
    exclude: z.array(z.string()).optional(),
    /** JSON/JSONL field (dot path) or CSV column holding the text. */
    textField: z.string().min(1).optional(),
    /** Scanners to run, in order (default: InvisibleText, Secrets, Anonymize, Toxicity, PromptInjection). */
    scanners: z.array(scannerConfigSchema).min(1).optional(),
    /** Scanners whose invalid result redacts and keeps the chunk (default InvisibleText, Secrets, Anonymize). */
    ignoreInvalid: z.array(z.string()).optional(),
    /** Drop chunks with personal data instead of redacting them. */
    dropPii: z.boolean().default(false),
    /** Scan through a guard API (`POST <url>/analyze/prompt`) instead of in this process. */
    guardUrl: z
      .string()
      .regex(/^https?:\/\/[^/]/, "must be an http(s) URL")
      .optional(),
    /** Bearer token for `guardUrl`. */
    guardToken: z.string().optional(),
    /** Scanning threads (0: on the calling thread; with `guardUrl`: requests in flight / 2). */
    workers: z
      .number()
      .int()
      .min(0)
      .default(() => availableParallelism()),
    /** The run's vault (placeholder -> original); a fresh one by default. */
    vault: z.instanceof(Vault).optional(),
    /** Load the vault from this file first and save it back at the end (mode 0600). */
    vaultFile: z.string().min(1).optional(),
    /** Skip files whose content an earlier run in `outDir` finished with the same settings. */
    resume: z.boolean().default(false),
    /** Aborting stops taking new files: those in flight finish, the report says `interrupted`. */
    signal: z.instanceof(AbortSignal).optional(),
    /** Called as the run goes (see {@link IngestProgressEvent}). */
    onProgress: z.custom<(event: IngestProgressEvent) => void>(isFunction).optional(),
    /** Where "Dropped chunk" warnings go (default: nowhere). */
    logger: z.custom<Logger>(hasMethods("warn", "info", "error")).optional(),
    /** JSONL field of a chunk's text: the spec's `page_content` (default) or LangChain JS's `pageContent`. */
    pageContentKey: z.enum(pageContentKeys).default("page_content"),
    /** Write `report.html` (totals, drops per scanner and file, dropped chunks) beside `report.json`. */
    htmlReport: z.boolean().default(true),
    /** Write scalar metadata only (nested objects as dotted keys, lists as JSON text). */
    flatMetadata: z.boolean().default(false),
    /** Where chunks go (default: the JSONL files in `outDir`). */
    sink: z
      .custom<Sink>(hasMethods("startFile", "write", "endFile", "discardFile", "commit", "abort"))
      .optional(),
  })
  .strict()
  .refine((value) => value.chunkOverlap < value.chunkSize, {
    message: "chunkOverlap must be smaller than chunkSize",
    path: ["chunkOverlap"],
  });

/** What {@link ingest} accepts. */
export type IngestOptions = z.input<typeof ingestOptionsSchema>;
/** Options with their defaults applied. */
export type ResolvedIngestOptions = z.output<typeof ingestOptionsSchema>;
