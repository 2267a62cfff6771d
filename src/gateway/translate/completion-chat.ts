/**
 * Legacy `/completions` ↔ chat completions, so a completions call can reach a provider that only
 * has a chat API (Anthropic, Gemini): the prompt becomes one user message, and the reply's text
 * comes back as `text_completion` choices.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  Completion,
  CompletionRequest,
} from "../formats/openai.js";
import { reportDropped, type TranslateOptions, unsupported } from "./common.js";

const handledParams = new Set([
  "model",
  "prompt",
  "max_tokens",
  "temperature",
  "top_p",
  "n",
  "stop",
  "stream",
  "stream_options",
  "user",
  "seed",
  "presence_penalty",
  "frequency_penalty",
]);

/** Copies of the sampling parameters both request shapes share. */
const sharedParams = [
  "max_tokens",
  "temperature",
  "top_p",
  "n",
  "stop",
  "stream",
  "stream_options",
  "user",
  "seed",
  "presence_penalty",
  "frequency_penalty",
] as const;

/**
 * Translate a `/completions` request into a chat request with the prompt as one user message.
 * Token-id prompts and several prompts in one call are refused with a clear error.
 * @example
 * completionToChatRequest({ model: "m", prompt: "Say hi" }, "claude-haiku");
 * // { model: "claude-haiku", messages: [{ role: "user", content: "Say hi" }] }
 */
export function completionToChatRequest(
  req: CompletionRequest,
  modelId: string,
  options: TranslateOptions = {},
): ChatCompletionRequest {
  reportDropped(req, handledParams, options);
  const prompt = Array.isArray(req.prompt) && req.prompt.length === 1 ? req.prompt[0] : req.prompt;
  if (typeof prompt !== "string") {
    throw unsupported("a token-id prompt or several prompts in one call", "a chat-only model");
  }
  const out: ChatCompletionRequest = {
    model: modelId,
    messages: [{ role: "user", content: prompt }],
  };
  const target = out as Record<string, unknown>;
  for (const key of sharedParams) if (req[key] != null) target[key] = req[key];
  return out;
}

/**
 * Translate a chat completion into a `text_completion` response.
 * @example
 * chatToCompletionResponse(chatCompletion).choices[0].text;
 */
export function chatToCompletionResponse(res: ChatCompletion): Completion {
  const out: Completion = {
    id: res.id,
    object: "text_completion",
    created: res.created,
    model: res.model,
    choices: res.choices.map((choice) => ({
      index: choice.index,
      text: choice.message.content ?? "",
      logprobs: null,
      finish_reason: choice.finish_reason,
    })),
  };
  if (res.usage) out.usage = res.usage;
  return out;
}

/**
 * Translate one chat chunk into a streamed `text_completion` chunk; `null` for chunks that carry
 * nothing a completions client reads (the role-only first chunk, tool-call deltas).
 * @example
 * chatChunkToCompletionChunk(chunk)?.choices[0]?.text;
 */
export function chatChunkToCompletionChunk(chunk: ChatCompletionChunk): Completion | null {
  const choices = chunk.choices
    .filter((choice) => (choice.delta.content ?? "") !== "" || choice.finish_reason)
    .map((choice) => ({
      index: choice.index,
      text: choice.delta.content ?? "",
      logprobs: null,
      finish_reason: choice.finish_reason ?? null,
    }));
  if (choices.length === 0 && !chunk.usage) return null;
  const out: Completion = {
    id: chunk.id,
    object: "text_completion",
    created: chunk.created,
    model: chunk.model,
    choices,
  };
  if (chunk.usage) out.usage = chunk.usage;
  return out;
}
