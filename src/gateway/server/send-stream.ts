import { once } from "node:events";
import type { ServerResponse } from "node:http";
import { toAppError } from "../../common/errors.js";
import type { Logger } from "../../common/logger.js";
import type { JsonObject } from "../providers/types.js";
import { formatAnthropicSSE, formatSSEData, formatSSEEvent, SSE_DONE_FRAME } from "../sse/index.js";
import { toAnthropicErrorBody, toOpenAIErrorBody } from "../translate/errors.js";

/**
 * Wire format of a route: OpenAI chat (`data:` frames, `[DONE]`), Anthropic (named events) or
 * OpenAI Responses (named events, no `[DONE]`).
 */
export type WireFormat = "openai" | "anthropic" | "responses";

function frame(format: WireFormat, event: JsonObject): string {
  if (format === "openai") return formatSSEData(event);
  const type = typeof event.type === "string" ? event.type : "message_delta";
  return formatAnthropicSSE({ ...event, type });
}

function errorFrame(format: WireFormat, error: unknown): string {
  const appError = toAppError(error);
  const message = appError.expose ? appError.message : "Internal server error";
  if (format === "openai") return formatSSEData(toOpenAIErrorBody(appError.status, message));
  if (format === "responses") {
    return formatSSEEvent("error", { type: "error", code: appError.code, message, param: null });
  }
  return formatAnthropicSSE(toAnthropicErrorBody(appError.status, message));
}

export interface SendStreamOptions {
  format: WireFormat;
  events: AsyncIterable<JsonObject>;
  /** Called for each event before it is written (usage counting). */
  onEvent?: (event: JsonObject) => void;
  logger: Logger;
  /** Aborted when the client went away; writing stops quietly then. */
  signal: AbortSignal;
  /** Extra response headers (e.g. the guard's verdict). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * Write an event stream as SSE on a raw response. Failover is over by now (the first event was
 * received); an error after this point is reported in the stream itself, in the route's format.
 * Returns whether the stream completed.
 */
export async function sendStream(
  raw: ServerResponse,
  options: SendStreamOptions,
): Promise<boolean> {
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    ...options.headers,
  });
  try {
    for await (const event of options.events) {
      options.onEvent?.(event);
      if (!raw.write(frame(options.format, event)))
        await once(raw, "drain", { signal: options.signal });
    }
    if (options.format === "openai") raw.write(SSE_DONE_FRAME);
    return true;
  } catch (error) {
    if (options.signal.aborted) return false;
    options.logger.warn({ err: toAppError(error).message }, "stream failed after the first event");
    raw.write(errorFrame(options.format, error));
    return false;
  } finally {
    raw.end();
  }
}
