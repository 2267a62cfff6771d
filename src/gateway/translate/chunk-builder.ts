/** Builds OpenAI `chat.completion.chunk` objects for one stream (shared id, created, model). */
import type {
  ChatCompletionChunk,
  ChunkDelta,
  FinishReason,
  OpenAIUsage,
} from "../formats/openai.js";
import { newId, nowSeconds } from "./common.js";

/** Options of the streams that produce OpenAI chunks. */
export interface ChatStreamOptions {
  /** Add the final usage chunk (`choices: []`), as `stream_options.include_usage` asks. */
  includeUsage?: boolean;
}

/** Makes the chunks of one stream with a shared id, timestamp and model. */
export interface ChunkBuilder {
  /** Replace the stream id (e.g. with the upstream message id once known). */
  setId(id: string): void;
  delta(delta: ChunkDelta, finishReason?: FinishReason | null, index?: number): ChatCompletionChunk;
  usage(usage: OpenAIUsage): ChatCompletionChunk;
}

/** Create a chunk builder for one streamed completion. */
export function createChunkBuilder(model: string, options: ChatStreamOptions): ChunkBuilder {
  let id = newId("chatcmpl-");
  const created = nowSeconds();
  const base = () => ({ id, object: "chat.completion.chunk" as const, created, model });
  return {
    setId(next) {
      id = next;
    },
    delta(delta, finishReason = null, index = 0) {
      const chunk: ChatCompletionChunk = {
        ...base(),
        choices: [{ index, delta, logprobs: null, finish_reason: finishReason }],
      };
      // OpenAI sends `usage: null` on every chunk but the last when usage was asked for.
      if (options.includeUsage) chunk.usage = null;
      return chunk;
    },
    usage(usage) {
      return { ...base(), choices: [], usage };
    },
  };
}
