/** Stop/finish reason tables between the OpenAI, Anthropic and Gemini formats. */
import type { AnthropicStopReason } from "../formats/anthropic.js";
import type { FinishReason } from "../formats/openai.js";

const openAIByAnthropic: Record<AnthropicStopReason, FinishReason> = {
  end_turn: "stop",
  max_tokens: "length",
  stop_sequence: "stop",
  tool_use: "tool_calls",
  pause_turn: "stop",
  refusal: "content_filter",
  model_context_window_exceeded: "length",
};

const anthropicByOpenAI: Record<FinishReason, AnthropicStopReason> = {
  stop: "end_turn",
  length: "max_tokens",
  tool_calls: "tool_use",
  function_call: "tool_use",
  content_filter: "refusal",
};

/** Gemini `finishReason` values that mean the output was filtered. */
const geminiFiltered = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "LANGUAGE",
]);

/**
 * OpenAI `finish_reason` for an Anthropic `stop_reason` (`null` stays `null`).
 * @example
 * toOpenAIFinishReason("tool_use"); // "tool_calls"
 */
export function toOpenAIFinishReason(
  reason: AnthropicStopReason | null | undefined,
): FinishReason | null {
  return reason ? openAIByAnthropic[reason] : null;
}

/**
 * Anthropic `stop_reason` for an OpenAI `finish_reason`; `null` when the stream has not ended.
 * @example
 * toAnthropicStopReason("length"); // "max_tokens"
 */
export function toAnthropicStopReason(
  reason: FinishReason | null | undefined,
): AnthropicStopReason | null {
  return reason ? anthropicByOpenAI[reason] : null;
}

/**
 * OpenAI `finish_reason` for a Gemini `finishReason`; a `STOP` with function calls is `tool_calls`.
 * @example
 * geminiToOpenAIFinishReason("MAX_TOKENS", false); // "length"
 */
export function geminiToOpenAIFinishReason(
  reason: string | undefined,
  hasToolCalls: boolean,
): FinishReason | null {
  if (reason === undefined || reason === "FINISH_REASON_UNSPECIFIED") return null;
  if (reason === "MAX_TOKENS") return "length";
  if (geminiFiltered.has(reason)) return "content_filter";
  return hasToolCalls ? "tool_calls" : "stop";
}
