import type { RouteKind } from "../providers/types.js";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The text of a message `content`: a string, or the `text` of its text parts, in order. */
export function contentText(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => {
    if (!isRecord(part)) return [];
    if (typeof part.text === "string") return [part.text];
    // Anthropic tool results carry their text in nested content blocks.
    if (part.type === "tool_result") return contentText(part.content);
    return [];
  });
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

function messagesText(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message) => (isRecord(message) ? contentText(message.content) : []));
}

/**
 * Everything a guard should read in a request body, in order: chat messages (system included),
 * a completion `prompt`, embedding `input` strings, or `/messages` system + messages.
 */
export function extractGuardText(route: RouteKind, body: Json): string {
  const parts: string[] = [];
  switch (route) {
    case "chat":
      parts.push(...messagesText(body.messages));
      break;
    case "completion":
      parts.push(...stringsOf(body.prompt));
      break;
    case "embedding":
      parts.push(...stringsOf(body.input));
      break;
    case "messages":
      parts.push(...contentText(body.system), ...messagesText(body.messages));
      break;
    case "transcription":
      parts.push(...stringsOf(body.prompt));
      break;
  }
  return parts.filter((part) => part.trim() !== "").join("\n");
}
