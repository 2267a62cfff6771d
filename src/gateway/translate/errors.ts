/**
 * Error type names of the OpenAI and Anthropic wire formats, from and to HTTP status codes, and
 * the two error bodies.
 */
import type { AnthropicError } from "../formats/anthropic.js";
import type { OpenAIError } from "../formats/openai.js";

/** Anthropic error `type` values. */
export const anthropicErrorTypes = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "request_too_large",
  "rate_limit_error",
  "api_error",
  "overloaded_error",
] as const;
/** One of {@link anthropicErrorTypes}. */
export type AnthropicErrorType = (typeof anthropicErrorTypes)[number];

/** Error `type` values the gateway writes in OpenAI-format errors. */
export const openAIErrorTypes = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "rate_limit_error",
  "api_error",
] as const;
/** One of {@link openAIErrorTypes}. */
export type OpenAIErrorType = (typeof openAIErrorTypes)[number];

const anthropicByStatus: Record<number, AnthropicErrorType> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  503: "overloaded_error",
  529: "overloaded_error",
};

const statusByAnthropicType: Record<AnthropicErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/**
 * Anthropic's error `type` for an HTTP status.
 * @example
 * toAnthropicErrorType(429); // "rate_limit_error"
 */
export function toAnthropicErrorType(status: number): AnthropicErrorType {
  const known = anthropicByStatus[status];
  if (known) return known;
  return status >= 400 && status < 500 ? "invalid_request_error" : "api_error";
}

/**
 * OpenAI's error `type` for an HTTP status.
 * @example
 * toOpenAIErrorType(401); // "authentication_error"
 */
export function toOpenAIErrorType(status: number): OpenAIErrorType {
  const type = toAnthropicErrorType(status);
  if (type === "request_too_large") return "invalid_request_error";
  if (type === "overloaded_error") return "api_error";
  return type;
}

/**
 * The HTTP status that matches an Anthropic error `type` (e.g. from a stream `error` event).
 * @example
 * statusFromAnthropicErrorType("overloaded_error"); // 529
 */
export function statusFromAnthropicErrorType(type: string): number {
  return (statusByAnthropicType as Record<string, number>)[type] ?? 500;
}

/**
 * Build the OpenAI error body `{"error": {"message", "type", "param", "code"}}`.
 * @example
 * toOpenAIErrorBody(404, "model not found"); // { error: { message: "model not found", type: "not_found_error", param: null, code: null } }
 */
export function toOpenAIErrorBody(
  status: number,
  message: string,
  extra: { param?: string | null; code?: string | null } = {},
): OpenAIError {
  return {
    error: {
      message,
      type: toOpenAIErrorType(status),
      param: extra.param ?? null,
      code: extra.code ?? null,
    },
  };
}

/**
 * Build the Anthropic error body `{"type": "error", "error": {"type", "message"}}`.
 * @example
 * toAnthropicErrorBody(429, "slow down"); // { type: "error", error: { type: "rate_limit_error", message: "slow down" } }
 */
export function toAnthropicErrorBody(status: number, message: string): AnthropicError {
  return { type: "error", error: { type: toAnthropicErrorType(status), message } };
}
