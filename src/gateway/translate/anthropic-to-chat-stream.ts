/** Anthropic Messages stream events → OpenAI chat-completion chunks (stateful). */
import { AppError } from "../../common/errors.js";
import type { AnthropicStreamEvent } from "../formats/anthropic.js";
import type { ChatCompletionChunk } from "../formats/openai.js";
import { JSON_MODE_TOOL_NAME } from "./anthropic-json-mode.js";
import { type ChatStreamOptions, createChunkBuilder } from "./chunk-builder.js";
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
  const chunks = createChunkBuilder(model, options);
  const toolIndexByBlock = new Map<number, number>();
  const jsonModeBlocks = new Set<number>();
  let usage: Usage = {};

  const startBlock = (event: Event<"content_block_start">): ChatCompletionChunk[] => {
    const block = event.content_block;
    if (block.type === "text" && block.text !== "") return [chunks.delta({ content: block.text })];
    if (block.type !== "tool_use") return [];
    if (block.name === JSON_MODE_TOOL_NAME) {
      jsonModeBlocks.add(event.index);
      return [];
    }
    const index = toolIndexByBlock.size;
    toolIndexByBlock.set(event.index, index);
    const call = { index, id: block.id, type: "function" as const };
    return [
      chunks.delta({ tool_calls: [{ ...call, function: { name: block.name, arguments: "" } }] }),
    ];
  };

  const blockDelta = (event: Event<"content_block_delta">): ChatCompletionChunk[] => {
    const delta = event.delta;
    if (delta.type === "text_delta") return [chunks.delta({ content: delta.text })];
    if (delta.type === "thinking_delta")
      return [chunks.delta({ reasoning_content: delta.thinking })];
    if (delta.type !== "input_json_delta" || delta.partial_json === "") return [];
    if (jsonModeBlocks.has(event.index)) return [chunks.delta({ content: delta.partial_json })];
    const index = toolIndexByBlock.get(event.index);
    if (index === undefined) return [];
    return [chunks.delta({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] })];
  };

  return {
    push(event) {
      switch (event.type) {
        case "message_start":
          chunks.setId(event.message.id);
          usage = { ...event.message.usage };
          return [chunks.delta({ role: "assistant", content: "" })];
        case "content_block_start":
          return startBlock(event);
        case "content_block_delta":
          return blockDelta(event);
        case "message_delta": {
          usage = { ...usage, ...withoutNulls(event.usage) };
          let reason = toOpenAIFinishReason(event.delta.stop_reason) ?? "stop";
          // A JSON-mode reply ends in the reserved tool call, which is text to the client.
          if (reason === "tool_calls" && jsonModeBlocks.size > 0 && toolIndexByBlock.size === 0) {
            reason = "stop";
          }
          return [chunks.delta({}, reason)];
        }
        case "message_stop":
          return options.includeUsage ? [chunks.usage(anthropicToOpenAIUsage(usage))] : [];
        case "error":
          throw new AppError(event.error.message, {
            status: statusFromAnthropicErrorType(event.error.type),
            code: event.error.type,
            expose: true,
          });
        default:
          return [];
      }
    },
    finish() {
      return [];
    },
  };
}

function withoutNulls(usage: Record<string, unknown>): Usage {
  return Object.fromEntries(Object.entries(usage).filter(([, v]) => typeof v === "number"));
}
