import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  type MessageContent,
  SystemMessage,
  ToolMessage,
} from "@langchain/core/messages";
import {
  contentTexts,
  isUserMessage,
  replaceContentTexts,
  withUserContent,
} from "./message-content.js";

/** Apply `map` to every string of a JSON-like value (tool call arguments). */
export function mapDeepStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapDeepStrings(item, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapDeepStrings(item, map)]),
    );
  }
  return value;
}

/** Apply `map` to each text of a message content. */
export function mapContent(content: MessageContent, map: (text: string) => string): MessageContent {
  return replaceContentTexts(content, contentTexts(content).map(map));
}

/** A copy of an AI message chunk with new content; tool call chunks and metadata are kept. */
export function chunkWithContent(
  chunk: AIMessageChunk,
  content: MessageContent,
  toolCallChunks: AIMessageChunk["tool_call_chunks"] = chunk.tool_call_chunks,
): AIMessageChunk {
  return new AIMessageChunk({
    content,
    id: chunk.id,
    name: chunk.name,
    additional_kwargs: chunk.additional_kwargs,
    response_metadata: chunk.response_metadata,
    tool_call_chunks: toolCallChunks,
    usage_metadata: chunk.usage_metadata,
  });
}

/** A copy of an AI message (or chunk) with `map` applied to its text and tool call arguments. */
export function mapAIMessage<M extends AIMessage | AIMessageChunk>(
  message: M,
  map: (text: string) => string,
): M {
  const content = mapContent(message.content, map);
  if (AIMessageChunk.isInstance(message)) {
    const toolCallChunks = message.tool_call_chunks?.map((call) =>
      call.args === undefined ? call : { ...call, args: map(call.args) },
    );
    return chunkWithContent(message, content, toolCallChunks) as M;
  }
  return new AIMessage({
    content,
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    usage_metadata: message.usage_metadata,
    invalid_tool_calls: message.invalid_tool_calls,
    tool_calls: message.tool_calls?.map((call) => ({
      ...call,
      args: mapDeepStrings(call.args, map) as Record<string, unknown>,
    })),
  }) as M;
}

/**
 * A copy of a conversation message with `map` applied to its texts: user, AI (with tool call
 * arguments), tool and system messages. Any other message is returned as it is.
 */
export function mapMessageTexts(message: BaseMessage, map: (text: string) => string): BaseMessage {
  if (isUserMessage(message)) return withUserContent(message, mapContent(message.content, map));
  if (AIMessage.isInstance(message) || AIMessageChunk.isInstance(message)) {
    return mapAIMessage(message, map);
  }
  const common = {
    content: mapContent(message.content, map),
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  if (ToolMessage.isInstance(message)) {
    return new ToolMessage({
      ...common,
      tool_call_id: message.tool_call_id,
      artifact: message.artifact,
      status: message.status,
    });
  }
  if (SystemMessage.isInstance(message)) return new SystemMessage(common);
  return message;
}
