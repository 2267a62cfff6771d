/** Gemini `streamGenerateContent` responses → OpenAI chat-completion chunks (stateful). */
import type {
  GeminiCandidate,
  GeminiGenerateContentResponse,
  GeminiUsageMetadata,
} from "../formats/gemini.js";
import type { ChatCompletionChunk, ChunkDelta } from "../formats/openai.js";
import { type ChatStreamOptions, createChunkBuilder } from "./chunk-builder.js";
import { readCandidate } from "./gemini-candidate.js";
import { geminiToOpenAIFinishReason } from "./stop-reasons.js";
import { geminiToOpenAIUsage } from "./usage.js";

/** A stateful stream translator: `push` each streamed response, then `finish` once at the end. */
export interface GeminiToChatStream {
  push(res: GeminiGenerateContentResponse): ChatCompletionChunk[];
  finish(): ChatCompletionChunk[];
}

interface ChoiceState {
  started: boolean;
  toolCount: number;
  finished: boolean;
}

/**
 * Create a translator from Gemini streamed responses to OpenAI chunks: a role chunk per choice
 * first, text deltas, one complete tool-call delta per function call, the finish reason, and at
 * `finish` the usage chunk when `includeUsage` is set (Gemini's last `usageMetadata` is the total).
 * @example
 * const stream = createGeminiToChatStream("gemini-2.5-flash", { includeUsage: true });
 */
export function createGeminiToChatStream(
  model: string,
  options: ChatStreamOptions = {},
): GeminiToChatStream {
  const chunks = createChunkBuilder(model, options);
  const choices = new Map<number, ChoiceState>();
  let usage: GeminiUsageMetadata | undefined;
  let idSet = false;

  const candidateChunks = (candidate: GeminiCandidate, position: number): ChatCompletionChunk[] => {
    const index = candidate.index ?? position;
    const state = choices.get(index) ?? { started: false, toolCount: 0, finished: false };
    choices.set(index, state);
    const out: ChatCompletionChunk[] = [];
    const { text, reasoning, toolCalls } = readCandidate(candidate);
    const delta: ChunkDelta = {};
    if (!state.started) {
      state.started = true;
      delta.role = "assistant";
    }
    if (text !== "" || delta.role) delta.content = text;
    if (reasoning !== "") delta.reasoning_content = reasoning;
    if (toolCalls.length > 0) {
      delta.tool_calls = toolCalls.map((call) => ({ index: state.toolCount++, ...call }));
    }
    if (Object.keys(delta).length > 0) out.push(chunks.delta(delta, null, index));
    const finish = geminiToOpenAIFinishReason(candidate.finishReason, state.toolCount > 0);
    if (finish && !state.finished) {
      state.finished = true;
      out.push(chunks.delta({}, finish, index));
    }
    return out;
  };

  return {
    push(res) {
      if (res.responseId && !idSet) {
        chunks.setId(`chatcmpl-${res.responseId}`);
        idSet = true;
      }
      if (res.usageMetadata) usage = res.usageMetadata;
      return (res.candidates ?? []).flatMap(candidateChunks);
    },
    finish() {
      if (!options.includeUsage) return [];
      return [chunks.usage(geminiToOpenAIUsage(usage ?? {}))];
    },
  };
}
