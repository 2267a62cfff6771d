import type { Document } from "@langchain/core/documents";
import { BaseDocumentTransformer } from "@langchain/core/documents";
import { createLogger, type Logger } from "../src/common/logger.js";
import { scanPrompt } from "../src/scan/scan-prompt.js";
import type { Scanner } from "../src/scan/scanner.js";
import { logDroppedChunk } from "./chunk-verdict.js";
import { type ChunkVerdict, type DroppedChunk, judgeChunk } from "./decide.js";

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

  constructor(options: GuardFilterOptions) {
    super();
    this.#scanners = [...options.scanners];
    this.#failFast = options.failFast ?? false;
    this.#ignoreInvalid = [...(options.ignoreInvalid ?? [])];
    this.#logger = options.logger ?? createLogger({ name: "ragguard" });
    this.#onDrop = options.onDrop;
  }

  /** Scan one chunk and return its verdict without dropping or logging. */
  async judge(chunk: Document): Promise<ChunkVerdict> {
    const [sanitized, valid, scores] = await scanPrompt(this.#scanners, chunk.pageContent, {
      failFast: this.#failFast,
      logger: this.#logger,
    });
    return judgeChunk(chunk, { sanitized, valid, scores }, this.#ignoreInvalid);
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
