/** Message-level conversion from OpenAI chat messages to Anthropic content blocks. */
import type {
  AnthropicContentBlock,
  AnthropicImageBlock,
  AnthropicTextBlock,
  AnthropicToolResultBlock,
} from "../formats/anthropic.js";
import type {
  AssistantMessage,
  ContentPart,
  ImageUrlPart,
  TextPart,
  ToolMessage,
  UserMessage,
} from "../formats/openai.js";
import { parseDataUrl, parseToolArguments, unsupported } from "./common.js";
import { functionCallsOf } from "./function-tools.js";

const TARGET = "an Anthropic model";

/** Keep a client's prompt-caching marker (LiteLLM accepts `cache_control` on OpenAI parts). */
function withCacheControl<T extends object>(block: T, part: Record<string, unknown>): T {
  return part.cache_control ? { ...block, cache_control: part.cache_control } : block;
}

/** `image_url` (data URL or http URL) → Anthropic image block. */
export function toAnthropicImage(part: ImageUrlPart): AnthropicImageBlock {
  const url = part.image_url.url;
  const inline = parseDataUrl(url);
  const source = inline
    ? { type: "base64" as const, media_type: inline.mediaType, data: inline.data }
    : { type: "url" as const, url };
  return withCacheControl({ type: "image", source }, part);
}

function toAnthropicText(part: TextPart): AnthropicTextBlock {
  return withCacheControl({ type: "text", text: part.text }, part);
}

function toAnthropicPart(part: ContentPart): AnthropicContentBlock {
  switch (part.type) {
    case "text":
      return toAnthropicText(part);
    case "image_url":
      return toAnthropicImage(part);
    case "file": {
      const inline = part.file.file_data ? parseDataUrl(part.file.file_data) : undefined;
      if (!inline) throw unsupported("a file part without inline base64 file_data", TARGET);
      const source = { type: "base64", media_type: inline.mediaType, data: inline.data };
      return withCacheControl({ type: "document", source }, part);
    }
    case "input_audio":
      throw unsupported("an input_audio part", TARGET);
  }
}

/** User message content → Anthropic blocks (a plain string becomes one text block). */
export function userToAnthropicBlocks(message: UserMessage): AnthropicContentBlock[] {
  if (typeof message.content === "string") {
    return message.content === "" ? [] : [{ type: "text", text: message.content }];
  }
  // Anthropic rejects empty text blocks; an empty part carries nothing anyway.
  return message.content
    .filter((part) => part.type !== "text" || part.text !== "")
    .map(toAnthropicPart);
}

/** Assistant message → text blocks (empty text dropped: Anthropic rejects it) and tool_use blocks. */
export function assistantToAnthropicBlocks(message: AssistantMessage): AnthropicContentBlock[] {
  const blocks: AnthropicContentBlock[] = [];
  const content = message.content;
  if (typeof content === "string") {
    if (content !== "") blocks.push({ type: "text", text: content });
  } else if (content) {
    for (const part of content) {
      const text = part.type === "text" ? part.text : part.refusal;
      if (text !== "") blocks.push({ type: "text", text });
    }
  }
  for (const call of functionCallsOf(message, TARGET)) {
    const input = parseToolArguments(call.function.arguments, call.function.name);
    blocks.push({ type: "tool_use", id: call.id, name: call.function.name, input });
  }
  return blocks;
}

/** Tool message → one `tool_result` block (sent inside a user turn). */
export function toolToAnthropicBlock(message: ToolMessage): AnthropicToolResultBlock {
  const content =
    typeof message.content === "string" ? message.content : message.content.map(toAnthropicText);
  return { type: "tool_result", tool_use_id: message.tool_call_id, content };
}
