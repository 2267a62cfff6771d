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
 * Name the scanners to blame when the API says `is_valid: false` but sends only scores: those at or
 * above 0.5 (outside `exclude`), or else the highest-scoring one.
 */
export function blameScanners(
  scores: Readonly<Record<string, number>>,
  exclude: readonly string[] = [],
): string[] {
  const candidates = Object.entries(scores).filter(([name]) => !exclude.includes(baseName(name)));
  const high = candidates.filter(([, score]) => score >= 0.5).map(([name]) => name);
  if (high.length > 0) return high;
  const top = candidates.sort(([, a], [, b]) => b - a)[0];
  return top ? [top[0]] : [];
}

function validityMap(
  scores: Readonly<Record<string, number>>,
  invalid: readonly string[],
): Record<string, boolean> {
  return Object.fromEntries(Object.keys(scores).map((name) => [name, !invalid.includes(name)]));
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

  /** Send one text to the guard API (optionally with `scanners_suppress`) and parse its answer. */
  async analyze(text: string, suppress: readonly string[] = []): Promise<AnalyzeResponse> {
    const fetchImpl = this.#options.fetch ?? fetch;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.#options.token) headers.authorization = `Bearer ${this.#options.token}`;
    const response = await fetchImpl(this.#endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(
        suppress.length > 0 ? { prompt: text, scanners_suppress: suppress } : { prompt: text },
      ),
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

  /**
   * Scan one text remotely and rebuild the validity map. The API answers only an overall
   * `is_valid`; when it is false and an ignored scanner (e.g. Anonymize) found something, the text
   * is checked again with those scanners suppressed, so a PII-only chunk is kept and redacted.
   */
  async scan(text: string): Promise<{
    sanitized: string;
    valid: Record<string, boolean>;
    scores: Record<string, number>;
  }> {
    const response = await this.analyze(text);
    const scores = response.scanners;
    const sanitized = response.sanitized_prompt;
    if (response.is_valid) return { sanitized, valid: validityMap(scores, []), scores };
    const ignore = (this.#options.ignoreInvalid ?? []).map(baseName);
    const ignoredHits = Object.keys(scores).filter(
      (name) => ignore.includes(baseName(name)) && scores[name]! > 0,
    );
    if (ignoredHits.length === 0)
      return { sanitized, valid: validityMap(scores, blameScanners(scores)), scores };
    const recheck = await this.analyze(text, ignore);
    const blamed = recheck.is_valid ? [] : blameScanners(recheck.scanners, ignore);
    return { sanitized, valid: validityMap(scores, [...ignoredHits, ...blamed]), scores };
  }

  /** Scan one chunk remotely and return its verdict without dropping or logging. */
  async judge(chunk: Document): Promise<ChunkVerdict> {
    if (chunk.pageContent.trim() === "") {
      return judgeChunk(chunk, { sanitized: chunk.pageContent, valid: {}, scores: {} }, []);
    }
    const ignore = (this.#options.ignoreInvalid ?? []).map(baseName);
    return judgeChunk(chunk, await this.scan(chunk.pageContent), ignore);
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
