import type { Document } from "@langchain/core/documents";
import { BaseDocumentTransformer } from "@langchain/core/documents";
import pLimit from "p-limit";
import { z } from "zod";
import { AppError } from "../src/common/errors.js";
import { createLogger, type Logger } from "../src/common/logger.js";
import { baseName } from "../src/scan/is-valid.js";
import { type ChunkVerdict, judgeChunk } from "./decide.js";
import { type GuardFilterOptions, reportDrop } from "./guard-filter.js";

/** The guard API's `/analyze/prompt` answer (LLM Guard API shape). */
export const analyzeResponseSchema = z.object({
  sanitized_prompt: z.string(),
  is_valid: z.boolean(),
  scanners: z.record(z.string(), z.number()),
});

export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

export interface RemoteGuardFilterOptions extends Omit<GuardFilterOptions, "scanners"> {
  /** Base URL of the guard API, e.g. `http://127.0.0.1:8000`. */
  url: string;
  /** Bearer token, when the guard API requires one. */
  token?: string;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Per-request timeout in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** fetch implementation (default the global one). */
  fetch?: typeof fetch;
}

/**
 * Rebuild a validity map from the API's answer, which has only an overall `is_valid`: when it is
 * false, every scanner with a score above 0 is taken as invalid (scanners that detected nothing
 * cannot be the reason). This errs towards dropping.
 */
export function inferValidity(response: AnalyzeResponse): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(response.scanners).map(([name, score]) => [
      name,
      response.is_valid || score <= 0,
    ]),
  );
}

/**
 * The {@link GuardFilter} contract, scanning through a guard API's `POST /analyze/prompt`
 * (several requests in flight, p-limit). A failed request rejects the whole call: nothing is
 * dropped or kept unscanned.
 *
 * @example
 * const filter = new RemoteGuardFilter({ url: "http://guard:8000", token, ignoreInvalid: ["Anonymize"] });
 * const clean = await createSplitter().pipe(filter).invoke(documents);
 */
export class RemoteGuardFilter extends BaseDocumentTransformer {
  readonly #options: RemoteGuardFilterOptions;
  readonly #logger: Logger;
  readonly #endpoint: string;

  constructor(options: RemoteGuardFilterOptions) {
    super();
    this.#options = { ...options };
    this.#logger = options.logger ?? createLogger({ name: "ragguard" });
    this.#endpoint = new URL(
      "analyze/prompt",
      options.url.endsWith("/") ? options.url : `${options.url}/`,
    ).href;
  }

  /** Send one text to the guard API and parse its answer. */
  async analyze(text: string): Promise<AnalyzeResponse> {
    const fetchImpl = this.#options.fetch ?? fetch;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.#options.token) headers.authorization = `Bearer ${this.#options.token}`;
    const response = await fetchImpl(this.#endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify({ prompt: text }),
      signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new AppError(
        `guard API ${this.#endpoint} answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`,
        { status: 502, code: "guard_api_error", expose: true },
      );
    }
    const parsed = analyzeResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new AppError(`guard API ${this.#endpoint} answered an unexpected body`, {
        status: 502,
        code: "guard_api_error",
        expose: true,
        details: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  /** Scan one chunk remotely and return its verdict without dropping or logging. */
  async judge(chunk: Document): Promise<ChunkVerdict> {
    if (chunk.pageContent.trim() === "") {
      return judgeChunk(chunk, { sanitized: chunk.pageContent, valid: {}, scores: {} }, []);
    }
    const response = await this.analyze(chunk.pageContent);
    const ignore = (this.#options.ignoreInvalid ?? []).map(baseName);
    return judgeChunk(
      chunk,
      {
        sanitized: response.sanitized_prompt,
        valid: inferValidity(response),
        scores: response.scanners,
      },
      ignore,
    );
  }

  async transformDocuments(documents: Document[]): Promise<Document[]> {
    const limit = pLimit(this.#options.concurrency ?? 4);
    const verdicts = await Promise.all(documents.map((chunk) => limit(() => this.judge(chunk))));
    const kept: Document[] = [];
    for (const verdict of verdicts) {
      if (verdict.kept) kept.push(verdict.document);
      else await reportDrop(verdict, this.#logger, this.#options.onDrop);
    }
    return kept;
  }
}
