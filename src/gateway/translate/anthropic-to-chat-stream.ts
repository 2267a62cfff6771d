/** Anthropic Messages stream events → OpenAI chat-completion chunks (stateful). */
import { AppError } from "../../common/errors.js";
import type { AnthropicStreamEvent } from "../formats/anthropic.js";
import type { ChatCompletionChunk } from "../formats/openai.js";
import { JSON_MODE_TOOL_NAME } from "./anthropic-json-mode.js";
import { type ChatStreamOptions, type ChunkBuilder, createChunkBuilder } from "./chunk-builder.js";
import { statusFromAnthropicErrorType } from "./errors.js";
import { toOpenAIFinishReason } from "./stop-reasons.js";
import { anthropicToOpenAIUsage } from "./usage.js";

/** A stateful stream translator: one call per upstream event, then `finish` at the end. */
export interface AnthropicToChatStream {
  push(event: AnthropicStreamEvent): ChatCompletionChunk[];
  finish(): ChatCompletionChunk[];
}

type Usage = Parameters<typeof anthropicToOpenAIUsage>[0];
type Event<T extends AnthropicStreamEvent["type"]> = Extract<AnthropicStreamEvent, { type: T }>;

interface StreamState {
  chunks: ChunkBuilder;
  /** Anthropic content-block index → OpenAI tool-call index. */
  toolIndexByBlock: Map<number, number>;
  /** Blocks of the reserved JSON-mode tool, streamed as text. */
  jsonModeBlocks: Set<number>;
  usage: Usage;
}

function startBlock(
  state: StreamState,
  event: Event<"content_block_start">,
): ChatCompletionChunk[] {
  const block = event.content_block;
  const { chunks } = state;
  if (block.type === "text" && block.text !== "") return [chunks.delta({ content: block.text })];
  if (block.type !== "tool_use") return [];
  if (block.name === JSON_MODE_TOOL_NAME) {
    state.jsonModeBlocks.add(event.index);
    return [];
  }
  const index = state.toolIndexByBlock.size;
  state.toolIndexByBlock.set(event.index, index);
  const call = { index, id: block.id, type: "function" as const };
  return [
    chunks.delta({ tool_calls: [{ ...call, function: { name: block.name, arguments: "" } }] }),
  ];
}

function blockDelta(
  state: StreamState,
  event: Event<"content_block_delta">,
): ChatCompletionChunk[] {
  const delta = event.delta;
  const { chunks } = state;
  if (delta.type === "text_delta") return [chunks.delta({ content: delta.text })];
  if (delta.type === "thinking_delta") return [chunks.delta({ reasoning_content: delta.thinking })];
  if (delta.type !== "input_json_delta" || delta.partial_json === "") return [];
  if (state.jsonModeBlocks.has(event.index)) return [chunks.delta({ content: delta.partial_json })];
  const index = state.toolIndexByBlock.get(event.index);
  if (index === undefined) return [];
  return [chunks.delta({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] })];
}

function messageDelta(state: StreamState, event: Event<"message_delta">): ChatCompletionChunk[] {
  state.usage = { ...state.usage, ...withoutNulls(event.usage) };
  let reason = toOpenAIFinishReason(event.delta.stop_reason) ?? "stop";
  // A JSON-mode reply ends in the reserved tool call, which is text to the client.
  if (
    reason === "tool_calls" &&
    state.jsonModeBlocks.size > 0 &&
    state.toolIndexByBlock.size === 0
  ) {
    reason = "stop";
  }
  return [state.chunks.delta({}, reason)];
}

/**
 * Create a translator from Anthropic stream events to OpenAI chunks: a role chunk first, text and
 * tool-call deltas, the finish reason, then a usage chunk when `includeUsage` is set.
 * An upstream `error` event is thrown as an {@link AppError} with the matching status.
 * @example
 * const stream = createAnthropicToChatStream("claude-sonnet", { includeUsage: true });
 * for (const event of events) for (const chunk of stream.push(event)) write(chunk);
 */
export function createAnthropicToChatStream(
  model: string,
  options: ChatStreamOptions = {},
): AnthropicToChatStream {
  const state: StreamState = {
    chunks: createChunkBuilder(model, options),
    toolIndexByBlock: new Map(),
    jsonModeBlocks: new Set(),
    usage: {},
  };
  const push = (event: AnthropicStreamEvent): ChatCompletionChunk[] => {
    switch (event.type) {
      case "message_start":
        state.chunks.setId(event.message.id);
        state.usage = { ...event.message.usage };
        return [state.chunks.delta({ role: "assistant", content: "" })];
      case "content_block_start":
        return startBlock(state, event);
      case "content_block_delta":
        return blockDelta(state, event);
      case "message_delta":
        return messageDelta(state, event);
      case "message_stop":
        return options.includeUsage
          ? [state.chunks.usage(anthropicToOpenAIUsage(state.usage))]
          : [];
      case "error":
        throw new AppError(event.error.message, {
          status: statusFromAnthropicErrorType(event.error.type),
          code: event.error.type,
          expose: true,
        });
      default:
        return [];
    }
  };
  return { push, finish: () => [] };
}

function withoutNulls(usage: Record<string, unknown>): Usage {
  return Object.fromEntries(Object.entries(usage).filter(([, v]) => typeof v === "number"));
}
