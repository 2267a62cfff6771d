/** Anthropic content blocks → OpenAI chat messages (one Anthropic turn may become several). */
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicMessageParam,
  AnthropicToolResultBlock,
} from "../formats/anthropic.js";
import type { ChatMessage, ContentPart, TextPart, ToolCall } from "../formats/openai.js";
import { type TranslateOptions, toDataUrl, unsupported } from "./common.js";

const TARGET = "an OpenAI-compatible model";

function imageToPart(block: AnthropicImageBlock): ContentPart {
  const source = block.source;
  const url = source.type === "base64" ? toDataUrl(source.media_type, source.data) : source.url;
  return { type: "image_url", image_url: { url } };
}

function documentToPart(block: Extract<AnthropicContentBlock, { type: "document" }>): ContentPart {
  const source = block.source as { type: string; media_type?: unknown; data?: unknown };
  if (source.type === "base64" && typeof source.data === "string") {
    const mediaType = typeof source.media_type === "string" ? source.media_type : "application/pdf";
    return { type: "file", file: { file_data: toDataUrl(mediaType, source.data) } };
  }
  if (source.type === "text" && typeof source.data === "string") {
    return { type: "text", text: source.data };
  }
  throw unsupported(`a document block with a "${source.type}" source`, TARGET);
}

/** A `search_result` block as plain text: title, source, then its text content. */
function searchResultText(block: Record<string, unknown>): string {
  const content = Array.isArray(block.content) ? (block.content as { text?: unknown }[]) : [];
  const body = content.map((c) => (typeof c.text === "string" ? c.text : "")).join("\n");
  return [block.title, block.source, body].filter((v) => typeof v === "string" && v).join("\n");
}

/**
 * `tool_result` → a `tool` message, plus a user message with the images and documents it carried
 * (OpenAI tool messages hold text only).
 */
function toolResultToMessages(block: AnthropicToolResultBlock): ChatMessage[] {
  const content = block.content ?? "";
  const texts: TextPart[] = [];
  const attachments: ContentPart[] = [];
  if (typeof content === "string") texts.push({ type: "text", text: content });
  else {
    for (const part of content) {
      if (part.type === "text") texts.push({ type: "text", text: part.text });
      else if (part.type === "image") attachments.push(imageToPart(part));
      else if (part.type === "document") attachments.push(documentToPart(part));
      else texts.push({ type: "text", text: searchResultText(part) });
    }
  }
  const text = texts.map((part) => part.text).join("\n");
  const toolText = block.is_error ? `Error: ${text}` : text;
  const messages: ChatMessage[] = [
    { role: "tool", tool_call_id: block.tool_use_id, content: toolText },
  ];
  if (attachments.length > 0) messages.push({ role: "user", content: attachments });
  return messages;
}

function userToMessages(blocks: AnthropicContentBlock[], options: TranslateOptions): ChatMessage[] {
  const toolMessages: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  for (const block of blocks) {
    if (block.type === "tool_result") toolMessages.push(...toolResultToMessages(block));
    else if (block.type === "text") parts.push({ type: "text", text: block.text });
    else if (block.type === "image") parts.push(imageToPart(block));
    else if (block.type === "document") parts.push(documentToPart(block));
    else options.onDroppedParam?.(`messages[].content[].${block.type}`);
  }
  // Tool results must directly follow the assistant turn that asked for them.
  if (parts.length === 0) return toolMessages;
  const onlyText = parts.every((part) => part.type === "text");
  const content = onlyText ? parts.map((p) => (p as TextPart).text).join("\n") : parts;
  return [...toolMessages, { role: "user", content }];
}

function assistantToMessage(
  blocks: AnthropicContentBlock[],
  options: TranslateOptions,
): ChatMessage {
  let text = "";
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (block.type === "text") text += block.text;
    else if (block.type === "tool_use") {
      const args = JSON.stringify(block.input ?? {});
      toolCalls.push({
        id: block.id,
        type: "function",
        function: { name: block.name, arguments: args },
      });
    } else options.onDroppedParam?.(`messages[].content[].${block.type}`);
  }
  const message: ChatMessage = {
    role: "assistant",
    content: text === "" && toolCalls.length > 0 ? null : text,
  };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}

/** Translate one Anthropic message into the OpenAI messages it stands for. */
export function anthropicToChatMessages(
  message: AnthropicMessageParam,
  options: TranslateOptions,
): ChatMessage[] {
  if (typeof message.content === "string") {
    return [{ role: message.role, content: message.content }];
  }
  if (message.role === "assistant") return [assistantToMessage(message.content, options)];
  return userToMessages(message.content, options);
}
