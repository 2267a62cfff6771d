import {
  type BaseMessage,
  type BaseMessageLike,
  coerceMessageLikeToMessage,
  isBaseMessage,
} from "@langchain/core/messages";
import { BasePromptValue, ChatPromptValue, StringPromptValue } from "@langchain/core/prompt_values";
import { ValidationError } from "../common/errors.js";
import {
  contentTexts,
  isUserMessage,
  replaceContentTexts,
  withUserContent,
} from "./message-content.js";

/** Which user messages of a message list are screened. */
export type MessageSelection = "last" | "all";

export interface PromptInputOptions {
  /** The key holding the prompt in an object input (`{ input: "..." }`). */
  inputKey: string;
  /** `last`: only the newest user message; `all`: every user message. */
  messages: MessageSelection;
}

/** The texts to screen in an input, and how to put their sanitized versions back. */
export interface PromptSlots<T> {
  texts: string[];
  rebuild(sanitized: readonly string[]): T;
}

/**
 * Find the user's text in a chain input: a string, a prompt value, a message list, or an object
 * whose `inputKey` holds a string or a message list.
 */
export function extractPrompt(input: unknown, options: PromptInputOptions): PromptSlots<unknown> {
  if (typeof input === "string") {
    return { texts: [input], rebuild: (sanitized) => sanitized[0] ?? input };
  }
  if (input instanceof StringPromptValue) {
    return {
      texts: [input.value],
      rebuild: (sanitized) => new StringPromptValue(sanitized[0] ?? input.value),
    };
  }
  if (input instanceof BasePromptValue) {
    const slots = extractMessages(input.toChatMessages(), options.messages);
    return {
      texts: slots.texts,
      rebuild: (sanitized) => new ChatPromptValue(slots.rebuild(sanitized)),
    };
  }
  if (Array.isArray(input)) return extractMessages(toMessages(input, "input"), options.messages);
  if (typeof input === "object" && input !== null) return extractFromObject(input, options);
  throw new ValidationError(
    `PromptGuard cannot screen a ${input === null ? "null" : typeof input} input: pass a string, a message list or an object with "${options.inputKey}"`,
  );
}

function extractFromObject(input: object, options: PromptInputOptions): PromptSlots<unknown> {
  const record = input as Record<string, unknown>;
  const { inputKey } = options;
  if (!(inputKey in record)) {
    const keys = Object.keys(record).join(", ") || "none";
    throw new ValidationError(
      `PromptGuard input has no "${inputKey}" key (keys: ${keys}); set the inputKey option`,
    );
  }
  const value = record[inputKey];
  if (typeof value === "string") {
    return { texts: [value], rebuild: (sanitized) => ({ ...record, [inputKey]: sanitized[0] }) };
  }
  if (Array.isArray(value)) {
    const slots = extractMessages(toMessages(value, inputKey), options.messages);
    return {
      texts: slots.texts,
      rebuild: (sanitized) => ({ ...record, [inputKey]: slots.rebuild(sanitized) }),
    };
  }
  throw new ValidationError(
    `PromptGuard input "${inputKey}" must be a string or a message list, got ${value === null ? "null" : typeof value}`,
  );
}

function toMessages(list: readonly unknown[], where: string): BaseMessage[] {
  return list.map((item, index) => {
    if (isBaseMessage(item)) return item;
    try {
      return coerceMessageLikeToMessage(item as BaseMessageLike);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ValidationError(`PromptGuard ${where}[${index}] is not a message: ${reason}`);
    }
  });
}

/** Screen the newest user message (or all of them); other messages pass through untouched. */
export function extractMessages(
  messages: readonly BaseMessage[],
  selection: MessageSelection,
): PromptSlots<BaseMessage[]> {
  const userIndexes = messages.flatMap((message, index) => (isUserMessage(message) ? [index] : []));
  const chosen = selection === "all" ? userIndexes : userIndexes.slice(-1);
  const parts = chosen.map((index) => contentTexts(messages[index]!.content));
  return {
    texts: parts.flat(),
    rebuild: (sanitized) => {
      const out = [...messages];
      let offset = 0;
      for (const [position, index] of chosen.entries()) {
        const count = parts[position]!.length;
        const message = messages[index]!;
        if (isUserMessage(message)) {
          const texts = sanitized.slice(offset, offset + count);
          out[index] = withUserContent(message, replaceContentTexts(message.content, texts));
        }
        offset += count;
      }
      return out;
    },
  };
}
