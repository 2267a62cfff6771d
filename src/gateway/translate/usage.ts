/** Token usage conversion between the OpenAI, Anthropic and Gemini formats. */
import type { AnthropicUsage } from "../formats/anthropic.js";
import type { GeminiUsageMetadata } from "../formats/gemini.js";
import type { OpenAIUsage } from "../formats/openai.js";

/**
 * Anthropic usage → OpenAI usage; cached input counts toward `prompt_tokens`, as OpenAI counts it.
 * @example
 * anthropicToOpenAIUsage({ input_tokens: 10, output_tokens: 5 }); // { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
 */
export function anthropicToOpenAIUsage(usage: {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}): OpenAIUsage {
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + cacheRead;
  const completion = usage.output_tokens ?? 0;
  const out: OpenAIUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
  if (cacheRead > 0) out.prompt_tokens_details = { cached_tokens: cacheRead };
  return out;
}

/**
 * OpenAI usage → Anthropic usage (cached prompt tokens become `cache_read_input_tokens`).
 * @example
 * openAIToAnthropicUsage({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }); // { input_tokens: 10, output_tokens: 5 }
 */
export function openAIToAnthropicUsage(usage: OpenAIUsage | null | undefined): AnthropicUsage {
  if (!usage) return { input_tokens: 0, output_tokens: 0 };
  const details = usage.prompt_tokens_details as { cached_tokens?: unknown } | undefined;
  const cached = typeof details?.cached_tokens === "number" ? details.cached_tokens : 0;
  const out: AnthropicUsage = {
    input_tokens: usage.prompt_tokens - cached,
    output_tokens: usage.completion_tokens,
  };
  if (cached > 0) out.cache_read_input_tokens = cached;
  return out;
}

/**
 * Gemini `usageMetadata` → OpenAI usage; thinking tokens count as completion tokens.
 * @example
 * geminiToOpenAIUsage({ promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 });
 */
export function geminiToOpenAIUsage(usage: GeminiUsageMetadata): OpenAIUsage {
  const prompt = usage.promptTokenCount ?? 0;
  const completion = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
  const out: OpenAIUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: usage.totalTokenCount ?? prompt + completion,
  };
  if (usage.cachedContentTokenCount) {
    out.prompt_tokens_details = { cached_tokens: usage.cachedContentTokenCount };
  }
  if (usage.thoughtsTokenCount) {
    out.completion_tokens_details = { reasoning_tokens: usage.thoughtsTokenCount };
  }
  return out;
}
