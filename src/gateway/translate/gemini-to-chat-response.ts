/** Gemini `GenerateContentResponse` → OpenAI chat completion. */
import type { GeminiCandidate, GeminiGenerateContentResponse } from "../formats/gemini.js";
import type { ChatCompletion, ChatCompletionMessage } from "../formats/openai.js";
import { newId, nowSeconds } from "./common.js";
import { readCandidate } from "./gemini-candidate.js";
import { geminiToOpenAIFinishReason } from "./stop-reasons.js";
import { geminiToOpenAIUsage } from "./usage.js";

type Choice = ChatCompletion["choices"][number];

function toChoice(candidate: GeminiCandidate, position: number): Choice {
  const { text, reasoning, toolCalls } = readCandidate(candidate);
  const message: ChatCompletionMessage = {
    role: "assistant",
    content: text === "" && toolCalls.length > 0 ? null : text,
  };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (reasoning !== "") message.reasoning_content = reasoning;
  const finish = geminiToOpenAIFinishReason(candidate.finishReason, toolCalls.length > 0);
  return {
    index: candidate.index ?? position,
    message,
    logprobs: null,
    finish_reason: finish ?? "stop",
  };
}

/** A prompt blocked before generation comes back with no candidates: report it as filtered. */
function blockedChoice(): Choice {
  return {
    index: 0,
    message: { role: "assistant", content: null },
    logprobs: null,
    finish_reason: "content_filter",
  };
}

/**
 * Translate a Gemini `generateContent` response into an OpenAI `chat.completion`.
 * @param model the model name to report (what the client asked for).
 * @example
 * geminiToChatResponse({ candidates: [{ content: { role: "model", parts: [{ text: "Hi" }] }, finishReason: "STOP" }] }, "gemini");
 */
export function geminiToChatResponse(
  res: GeminiGenerateContentResponse,
  model: string,
): ChatCompletion {
  const candidates = res.candidates ?? [];
  const choices = candidates.length > 0 ? candidates.map(toChoice) : [blockedChoice()];
  const out: ChatCompletion = {
    id: res.responseId ? `chatcmpl-${res.responseId}` : newId("chatcmpl-"),
    object: "chat.completion",
    created: nowSeconds(),
    model,
    choices,
  };
  if (res.usageMetadata) out.usage = geminiToOpenAIUsage(res.usageMetadata);
  return out;
}
