import { z } from "zod";
import { AppError } from "../../common/errors.js";
import type { Logger } from "../../common/logger.js";
import { classifyGuardFailure } from "../guard-pool/classify.js";
import { createGuardPool } from "../guard-pool/guard-pool.js";
import { parseGuardBases } from "../guard-pool/parse-bases.js";
import type { HttpClient, HttpResponse } from "../http/index.js";

/** The guard API's `/analyze/prompt` answer (LLM Guard API compatible). */
export const guardResponseSchema = z.looseObject({
  sanitized_prompt: z.string(),
  is_valid: z.boolean(),
  scanners: z.record(z.string(), z.number()),
});

export type GuardResponse = z.infer<typeof guardResponseSchema>;

/** The guard could not give a verdict: unreachable, too slow, an error status or a bad body. */
export class GuardUnavailableError extends AppError {
  constructor(reason: string, cause?: unknown) {
    super(`Guard API unavailable: ${reason}`, {
      status: 503,
      code: "guard_unavailable",
      expose: true,
      cause,
    });
  }
}

export interface GuardClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  http: HttpClient;
  logger?: Logger;
}

/**
 * Ask the guard API about `prompt` (`POST {base}/analyze/prompt`). Resolves to its verdict or
 * throws {@link GuardUnavailableError} naming why there is none.
 */
export function createGuardClient(options: GuardClientOptions) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  // Fleet: `baseUrl` may list several guard APIs, comma-separated (guard-pool/).
  const pool = createGuardPool({
    bases: parseGuardBases(options.baseUrl, "guard API base"),
    classify: classifyGuardFailure,
    logger: options.logger,
  });

  return (prompt: string, signal?: AbortSignal): Promise<GuardResponse> =>
    pool.send((base) => analyzeAt(`${base}/analyze/prompt`, prompt, signal));

  async function analyzeAt(
    url: string,
    prompt: string,
    signal?: AbortSignal,
  ): Promise<GuardResponse> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let response: HttpResponse;
    let text: string;
    try {
      response = await options.http.request(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ prompt }),
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new GuardUnavailableError(`no answer within ${options.timeoutMs} ms`, error);
      }
      throw new GuardUnavailableError(`cannot reach ${url} (${(error as Error).message})`, error);
    }
    if (!response.ok) {
      throw new GuardUnavailableError(`${url} answered HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new GuardUnavailableError(`${url} answered with a body that is not JSON`, error);
    }
    const parsed = guardResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new GuardUnavailableError(
        `${url} answered JSON without sanitized_prompt, is_valid and scanners`,
      );
    }
    return parsed.data;
  }
}
