import type { Document } from "@langchain/core/documents";
import { BaseDocumentTransformer } from "@langchain/core/documents";
import { ConfigError } from "../src/common/errors.js";
import { createLogger, type Logger } from "../src/common/logger.js";
import { scanPrompt } from "../src/scan/scan-prompt.js";
import type { Scanner, ScanSource } from "../src/scan/scanner.js";
import { logDroppedChunk } from "./chunk-verdict.js";
import { type ChunkVerdict, type DroppedChunk, judgeChunk } from "./decide.js";
import {
  type InjectionRedaction,
  type OnInjection,
  onInjectionSchema,
  redactingScanners,
} from "./redact-injection.js";

export interface GuardFilterOptions {
  /** Scanners run on every chunk, in order (each sees the previous one's sanitized text). */
  scanners: readonly Scanner[];
  /** Stop scanning a chunk at its first invalid result (default false: all scanners run). */
  failFast?: boolean;
  /** Scanner names whose invalid result does not drop the chunk (their sanitizing is kept). */
  ignoreInvalid?: readonly string[];
  /** pino-compatible logger for the per-chunk scan lines and the drop warnings. */
  logger?: Logger;
  /** Called for every dropped chunk (e.g. to write it to `dropped.jsonl`). */
  onDrop?: (dropped: DroppedChunk) => void | Promise<void>;
  /**
   * What to do with a chunk PromptInjection finds invalid: `drop` it (default) or `redact` the
   * spans carrying the instruction (replaced by `[REDACTED PROMPT INJECTION]`) and keep the rest;
   * `metadata.guard.redacted` then lists `PromptInjection` and `metadata.guard.injection` holds
   * the spans (offsets into the text PromptInjection read) and score. A chunk whose detector
   * reports no spans is dropped either way.
   */
  onInjection?: OnInjection;
  /** The kind of text passed to the scanners (PromptInjection's operating point); default `document`. */
  source?: ScanSource;
}

/** Log the drop warning the spec asks for and call `onDrop`. */
export async function reportDrop(
  verdict: ChunkVerdict,
  logger: Logger,
  onDrop: GuardFilterOptions["onDrop"],
): Promise<void> {
  logDroppedChunk(logger, verdict.document.metadata, verdict);
  await onDrop?.({ document: verdict.document, scores: verdict.scores, reasons: verdict.reasons });
}

/**
 * A LangChain document transformer that scans each chunk with `scanPrompt`, replaces its text
 * with the sanitized text, records `metadata.guard = { scores }`, and drops every chunk that a
 * scanner outside `ignoreInvalid` finds invalid (logging a warning naming its source and index).
 *
 * @example
 * const filter = new GuardFilter({
 *   scanners: [new Anonymize(vault), new Toxicity(), new PromptInjection()],
 *   ignoreInvalid: ["Anonymize"],
 * });
 * const clean = await createSplitter().pipe(filter).invoke(documents);
 */
export class GuardFilter extends BaseDocumentTransformer {
  readonly #scanners: readonly Scanner[];
  readonly #failFast: boolean;
  readonly #ignoreInvalid: readonly string[];
  readonly #logger: Logger;
  readonly #onDrop: GuardFilterOptions["onDrop"];
  readonly #onInjection: OnInjection;
  readonly #source: ScanSource;

  constructor(options: GuardFilterOptions) {
    super();
    const onInjection = onInjectionSchema.safeParse(options.onInjection ?? "drop");
    if (!onInjection.success)
      throw new ConfigError(
        `GuardFilter onInjection must be "drop" or "redact", got ${JSON.stringify(options.onInjection)}`,
      );
    this.#onInjection = onInjection.data;
    this.#source = options.source ?? "document";
    this.#scanners = [...options.scanners];
    this.#failFast = options.failFast ?? false;
    this.#ignoreInvalid = [...(options.ignoreInvalid ?? [])];
    this.#logger = options.logger ?? createLogger({ name: "ragguard" });
    this.#onDrop = options.onDrop;
  }

  /** Scan one chunk and return its verdict without dropping or logging. */
  async judge(chunk: Document): Promise<ChunkVerdict> {
    const redactions: InjectionRedaction[] = [];
    const scanners =
      this.#onInjection === "redact"
        ? redactingScanners(this.#scanners, redactions)
        : this.#scanners;
    const [sanitized, valid, scores] = await scanPrompt(scanners, chunk.pageContent, {
      failFast: this.#failFast,
      logger: this.#logger,
      source: this.#source,
    });
    const verdict = judgeChunk(chunk, { sanitized, valid, scores }, this.#ignoreInvalid);
    if (redactions.length > 0) {
      const guard = verdict.document.metadata.guard as Record<string, unknown>;
      verdict.redacted.push("PromptInjection");
      guard.redacted = verdict.redacted;
      guard.injection = redactions.map(({ score, spans }) => ({ action: "redact", score, spans }));
    }
    return verdict;
  }

  async transformDocuments(documents: Document[]): Promise<Document[]> {
    const kept: Document[] = [];
    // One chunk at a time: scanners may share a Vault, and scanning is CPU-bound anyway.
    for (const chunk of documents) {
      const verdict = await this.judge(chunk);
      if (verdict.kept) kept.push(verdict.document);
      else await reportDrop(verdict, this.#logger, this.#onDrop);
    }
    return kept;
  }
}
