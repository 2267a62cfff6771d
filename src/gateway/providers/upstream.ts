import { isRetryableStatus, UpstreamError } from "../errors.js";
import { parseSSEStream } from "../sse/index.js";
import type { CallContext, JsonObject } from "./types.js";

export interface UpstreamRequest {
  readonly provider: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /** A JSON body (sent as application/json) or a multipart form. */
  readonly body: JsonObject | FormData;
}

/** Replace every occurrence of the secret in `text`, so upstream errors never echo a key. */
export function scrubSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join("[redacted]");
}

function readErrorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown } | string;
      message?: unknown;
    };
    if (typeof parsed.error === "string") return parsed.error;
    if (typeof parsed.error?.message === "string") return parsed.error.message;
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON: use the text itself
  }
  return text.trim().slice(0, 500) || "(empty body)";
}

/**
 * Send one request upstream and return the response when its status is 2xx; otherwise throw an
 * {@link UpstreamError} that keeps the status and the upstream message (with the key scrubbed).
 */
export async function sendUpstream(request: UpstreamRequest, ctx: CallContext): Promise<Response> {
  const isForm = request.body instanceof FormData;
  let response: Response;
  try {
    response = await ctx.fetch(request.url, {
      method: "POST",
      headers: isForm
        ? request.headers
        : { "content-type": "application/json", ...request.headers },
      body: isForm ? (request.body as FormData) : JSON.stringify(request.body),
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new UpstreamError(
      `${request.provider}: upstream unreachable (${(error as Error).message})`,
      {
        provider: request.provider,
        status: 502,
        retryable: true,
        cause: error,
      },
    );
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => "");
  const message = scrubSecret(readErrorMessage(text), ctx.apiKey);
  throw new UpstreamError(`${request.provider}: ${message}`, {
    provider: request.provider,
    status: response.status,
    retryable: isRetryableStatus(response.status),
  });
}

/** Read a 2xx response as a JSON object. */
export async function readJson(response: Response, provider: string): Promise<JsonObject> {
  const body: unknown = await response.json().catch(() => undefined);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new UpstreamError(
      `${provider}: upstream answered with a body that is not a JSON object`,
      {
        provider,
        status: 502,
        retryable: true,
      },
    );
  }
  return body as JsonObject;
}

/** Parse an SSE response into its JSON payloads, ending at `data: [DONE]`. */
export async function* readSSEJson(
  response: Response,
  provider: string,
): AsyncGenerator<JsonObject> {
  if (response.body === null) return;
  for await (const record of parseSSEStream(response.body)) {
    if (record.data === "[DONE]") return;
    let payload: unknown;
    try {
      payload = JSON.parse(record.data);
    } catch {
      throw new UpstreamError(`${provider}: stream carried a frame that is not JSON`, {
        provider,
        status: 502,
        retryable: false,
      });
    }
    if (payload !== null && typeof payload === "object" && !Array.isArray(payload)) {
      yield payload as JsonObject;
    }
  }
}
