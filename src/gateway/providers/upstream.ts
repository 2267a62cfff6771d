import { isRetryableStatus, UpstreamError } from "../errors.js";
import type { HttpResponse } from "../http/index.js";
import { parseSSEStream } from "../sse/index.js";
import { type CallContext, type JsonObject, passedHeaders } from "./types.js";

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

/** The upstream's error message, its key scrubbed before it is cut (no key prefix survives). */
function readErrorMessage(raw: string, secret: string | undefined): string {
  const text = scrubSecret(raw, secret);
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

/** The {@link passedHeaders} of an upstream answer. */
function headersToPass(response: HttpResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of passedHeaders) {
    const value = response.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * Send one request upstream and return the response when its status is 2xx; otherwise throw an
 * {@link UpstreamError} that keeps the status and the upstream message (with the key scrubbed).
 */
export async function sendUpstream(
  request: UpstreamRequest,
  ctx: CallContext,
): Promise<HttpResponse> {
  const isForm = request.body instanceof FormData;
  let response: HttpResponse;
  try {
    response = await ctx.http.request(request.url, {
      method: "POST",
      headers: isForm
        ? request.headers
        : { "content-type": "application/json", ...request.headers },
      body: isForm ? (request.body as FormData) : JSON.stringify(request.body),
      signal: ctx.signal,
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    // The cause (with the upstream's address) stays in the error for the log, not the message.
    throw new UpstreamError(`${request.provider}: upstream unreachable`, {
      provider: request.provider,
      status: 502,
      retryable: true,
      cause: error,
    });
  }
  const headers = headersToPass(response);
  if (response.ok) {
    if (ctx.upstreamHeaders !== undefined) Object.assign(ctx.upstreamHeaders, headers);
    return response;
  }
  const text = await response.text().catch(() => "");
  const message = readErrorMessage(text, ctx.apiKey);
  throw new UpstreamError(`${request.provider}: ${message}`, {
    provider: request.provider,
    status: response.status,
    retryable: isRetryableStatus(response.status),
    headers,
  });
}

/** A 2xx JSON answer: the parsed object and the exact text it was parsed from. */
export interface JsonAnswer {
  readonly body: JsonObject;
  readonly text: string;
}

function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
    return body as JsonObject;
  } catch {
    return undefined;
  }
}

/** Read a 2xx response as a JSON object. */
export async function readJson(response: HttpResponse, provider: string): Promise<JsonObject> {
  return (await readJsonAnswer(response, provider)).body;
}

/**
 * Read a 2xx response as a JSON object, keeping its text: a provider that answers in the
 * client's format passes the text on as it came (no second serialisation).
 */
export async function readJsonAnswer(
  response: HttpResponse,
  provider: string,
): Promise<JsonAnswer> {
  const text = await response.text().catch(() => undefined);
  const body = text === undefined ? undefined : parseJsonObject(text);
  if (text === undefined || body === undefined) {
    throw new UpstreamError(
      `${provider}: upstream answered with a body that is not a JSON object`,
      {
        provider,
        status: 502,
        retryable: true,
      },
    );
  }
  return { body, text };
}

/** Parse an SSE response into its JSON payloads, ending at `data: [DONE]`. */
export async function* readSSEJson(
  response: HttpResponse,
  provider: string,
): AsyncGenerator<JsonObject> {
  for await (const record of parseSSEStream(response.chunks())) {
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
