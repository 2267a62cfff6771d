import { z } from "zod";
import { AppError } from "../../common/errors.js";
import type { Logger } from "../../common/logger.js";
import { classifyGuardFailure } from "../guard-pool/classify.js";
import { createGuardPool } from "../guard-pool/guard-pool.js";
import { parseGuardBases } from "../guard-pool/parse-bases.js";
import type { HttpClient, HttpResponse } from "../http/index.js";
import type { GuardSource } from "./guard-field-rules.js";

const vaultSchema = z.array(z.tuple([z.string(), z.string()]));

/** The guard API's `/analyze/prompt` answer (LLM Guard API compatible, plus ragguard's `vault`). */
export const guardResponseSchema = z.looseObject({
  sanitized_prompt: z.string(),
  is_valid: z.boolean(),
  scanners: z.record(z.string(), z.number()),
  vault: vaultSchema.optional(),
});
export type GuardResponse = z.infer<typeof guardResponseSchema>;

/** `/scan/prompt` and `/scan/output`: the verdict without the text. */
export const guardScanSchema = z.looseObject({
  is_valid: z.boolean(),
  scanners: z.record(z.string(), z.number()),
});
export type GuardScan = z.infer<typeof guardScanSchema>;

/** `/analyze/output` (LLM Guard's `AnalyzeOutputResponse`). */
export const guardOutputSchema = z.looseObject({
  sanitized_output: z.string(),
  is_valid: z.boolean(),
  scanners: z.record(z.string(), z.number()),
});
export type GuardOutput = z.infer<typeof guardOutputSchema>;

/** `[placeholder, original]` pairs the guard made for one request. */
export type GuardVault = z.infer<typeof vaultSchema>;

/**
 * The guard could not give a verdict: unreachable, too slow, an error status or a bad body. The
 * client sees a fixed message; `reason` (with the guard's address) goes to the log only.
 */
export class GuardUnavailableError extends AppError {
  readonly reason: string;
  constructor(reason: string, cause?: unknown) {
    super("Guard API unavailable", { status: 503, code: "guard_unavailable", expose: true, cause });
    this.reason = reason;
  }
}

/**
 * The guard refused the request itself (HTTP 400, 413, 422: too large, malformed). The caller
 * caused it, so `guard_fail_open` never lets it through.
 */
export class GuardRefusedInputError extends AppError {
  constructor(status: number) {
    super(
      status === 413
        ? "The request's text is larger than the guard accepts"
        : "The guard could not read the request's text",
      { status: status === 413 ? 413 : 400, code: "guard_refused_input", expose: true },
    );
  }
}

export interface GuardClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  http: HttpClient;
  logger?: Logger;
}

/** Options of one prompt check (ragguard extensions of LLM Guard's request). */
export interface PromptCheckOptions {
  source?: GuardSource;
  returnVault?: boolean;
  scannersSuppress?: readonly string[];
  signal?: AbortSignal;
}

/** The guard API as the gateway uses it. */
export interface GuardClient {
  analyzePrompt(prompt: string, options?: PromptCheckOptions): Promise<GuardResponse>;
  scanPrompt(prompt: string, options?: PromptCheckOptions): Promise<GuardScan>;
  analyzeOutput(prompt: string, output: string, options?: OutputCheckOptions): Promise<GuardOutput>;
  scanOutput(prompt: string, output: string, options?: OutputCheckOptions): Promise<GuardScan>;
}

/** Options of one output check. */
export interface OutputCheckOptions {
  scannersSuppress?: readonly string[];
  signal?: AbortSignal;
}

function outputBody(prompt: string, output: string, options: OutputCheckOptions): string {
  const body: Record<string, unknown> = { prompt, output };
  if (options.scannersSuppress !== undefined && options.scannersSuppress.length > 0) {
    body.scanners_suppress = options.scannersSuppress;
  }
  return JSON.stringify(body);
}

function promptBody(prompt: string, options: PromptCheckOptions): string {
  const body: Record<string, unknown> = { prompt };
  if (options.source !== undefined) body.source = options.source;
  if (options.returnVault === true) body.return_vault = true;
  if (options.scannersSuppress !== undefined && options.scannersSuppress.length > 0) {
    body.scanners_suppress = options.scannersSuppress;
  }
  return JSON.stringify(body);
}

/**
 * The guard API's client: `POST {base}/analyze/prompt`, `/scan/prompt`, `/analyze/output`,
 * `/scan/output`. Each
 * resolves to the guard's answer or throws {@link GuardUnavailableError} naming why there is none
 * (or {@link GuardRefusedInputError} when the guard refused the text itself).
 */
export function createGuardClient(options: GuardClientOptions): GuardClient {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  // Fleet: `baseUrl` may list several guard APIs, comma-separated (guard-pool/).
  const pool = createGuardPool({
    bases: parseGuardBases(options.baseUrl, "guard API base"),
    classify: classifyGuardFailure,
    logger: options.logger,
  });

  const post = <T>(
    path: string,
    body: string,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> => pool.send((base) => postAt(`${base}${path}`, body, schema, signal));

  async function postAt<T>(
    url: string,
    body: string,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: HttpResponse;
    let text: string;
    try {
      response = await options.http.request(url, {
        method: "POST",
        headers,
        body,
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new GuardUnavailableError(`no answer within ${options.timeoutMs} ms`, error);
      }
      throw new GuardUnavailableError(`cannot reach ${url} (${(error as Error).message})`, error);
    }
    if (response.status === 400 || response.status === 413 || response.status === 422) {
      throw new GuardRefusedInputError(response.status);
    }
    if (!response.ok) throw new GuardUnavailableError(`${url} answered HTTP ${response.status}`);
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(text);
    } catch (error) {
      throw new GuardUnavailableError(`${url} answered with a body that is not JSON`, error);
    }
    const parsed = schema.safeParse(parsedJson);
    if (!parsed.success) {
      throw new GuardUnavailableError(`${url} answered JSON without the fields of its contract`);
    }
    return parsed.data;
  }

  return {
    analyzePrompt: (prompt, opts = {}) =>
      post("/analyze/prompt", promptBody(prompt, opts), guardResponseSchema, opts.signal),
    scanPrompt: (prompt, opts = {}) =>
      post("/scan/prompt", promptBody(prompt, opts), guardScanSchema, opts.signal),
    analyzeOutput: (prompt, output, opts = {}) =>
      post("/analyze/output", outputBody(prompt, output, opts), guardOutputSchema, opts.signal),
    scanOutput: (prompt, output, opts = {}) =>
      post("/scan/output", outputBody(prompt, output, opts), guardScanSchema, opts.signal),
  };
}
