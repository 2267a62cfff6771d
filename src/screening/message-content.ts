import {
  type BaseMessage,
  ChatMessage,
  HumanMessage,
  type MessageContent,
} from "@langchain/core/messages";

/** A text content block (`{ type: "text", text }`) in a multi-part message. */
interface TextBlock {
  type: "text";
  text: string;
}

function isTextBlock(block: unknown): block is TextBlock {
  if (typeof block !== "object" || block === null) return false;
  const candidate = block as { type?: unknown; text?: unknown };
  return candidate.type === "text" && typeof candidate.text === "string";
}

/** The texts of a message content: the string itself, or each text block in order. */
export function contentTexts(content: MessageContent): string[] {
  if (typeof content === "string") return [content];
  const blocks: readonly unknown[] = content;
  return blocks.filter(isTextBlock).map((block) => block.text);
}

/** The same content with its texts replaced, in the order {@link contentTexts} returned them. */
export function replaceContentTexts(
  content: MessageContent,
  texts: readonly string[],
): MessageContent {
  if (typeof content === "string") return texts[0] ?? content;
  let next = 0;
  return content.map((block) => {
    if (!isTextBlock(block)) return block;
    const text = texts[next++];
    return text === undefined ? block : { ...block, text };
  }) as MessageContent;
}

/** A human message, or a generic chat message with the role "user". */
export function isUserMessage(message: BaseMessage): message is HumanMessage | ChatMessage {
  if (HumanMessage.isInstance(message)) return true;
  return ChatMessage.isInstance(message) && message.role === "user";
}

/** A copy of a user message with new content; id, name and extra fields are kept. */
export function withUserContent(
  message: HumanMessage | ChatMessage,
  content: MessageContent,
): HumanMessage | ChatMessage {
  const fields = {
    content,
    id: message.id,
    name: message.name,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
  if (ChatMessage.isInstance(message)) return new ChatMessage({ ...fields, role: message.role });
  return new HumanMessage(fields);
}
