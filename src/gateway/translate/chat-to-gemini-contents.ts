/** OpenAI chat messages → Gemini `contents` and `systemInstruction`. */
import { ValidationError } from "../../common/errors.js";
import type { GeminiContent, GeminiPart } from "../formats/gemini.js";
import type { AssistantMessage, ChatMessage, ContentPart, ToolMessage } from "../formats/openai.js";
import {
  guessMediaType,
  joinText,
  parseDataUrl,
  parseToolArguments,
  unsupported,
} from "./common.js";
import { functionCallsOf } from "./function-tools.js";
import { decodeGeminiToolCallId } from "./gemini-tool-call-id.js";

const TARGET = "a Gemini model";

const audioMediaTypes: Record<string, string> = { wav: "audio/wav", mp3: "audio/mp3" };

function urlToPart(url: string, mimeType?: string): GeminiPart {
  const inline = parseDataUrl(url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  return { fileData: { mimeType: mimeType ?? guessMediaType(url), fileUri: url } };
}

function toGeminiPart(part: ContentPart): GeminiPart {
  switch (part.type) {
    case "text":
      return { text: part.text };
    case "image_url":
      return urlToPart(part.image_url.url);
    case "input_audio": {
      const mimeType =
        audioMediaTypes[part.input_audio.format] ?? `audio/${part.input_audio.format}`;
      return { inlineData: { mimeType, data: part.input_audio.data } };
    }
    case "file":
      if (!part.file.file_data) throw unsupported("a file part without file_data", TARGET);
      return urlToPart(part.file.file_data, "application/pdf");
  }
}

function assistantParts(message: AssistantMessage): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const text =
    message.content == null
      ? ""
      : typeof message.content === "string"
        ? message.content
        : message.content.map((p) => (p.type === "text" ? p.text : p.refusal)).join("");
  if (text !== "") parts.push({ text });
  for (const call of functionCallsOf(message, TARGET)) {
    const args = parseToolArguments(call.function.arguments, call.function.name);
    const { signature } = decodeGeminiToolCallId(call.id);
    const part: GeminiPart = { functionCall: { name: call.function.name, args } };
    if (signature) part.thoughtSignature = signature;
    parts.push(part);
  }
  return parts;
}

/** Gemini wants an object as the function response; JSON objects pass, anything else is wrapped. */
function toolResponse(message: ToolMessage): Record<string, unknown> {
  const text = joinText(message.content);
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // plain text result
  }
  return { content: text };
}

function toolPart(message: ToolMessage, names: Map<string, string>): GeminiPart {
  const name = names.get(message.tool_call_id);
  if (!name) {
    throw new ValidationError(
      `tool message refers to tool_call_id "${message.tool_call_id}", which no earlier assistant message called`,
      { status: 400, code: "unknown_tool_call_id" },
    );
  }
  return { functionResponse: { name, response: toolResponse(message) } };
}

function toContent(message: ChatMessage, names: Map<string, string>): GeminiContent | undefined {
  switch (message.role) {
    case "system":
    case "developer":
      return undefined;
    case "user":
      return {
        role: "user",
        parts:
          typeof message.content === "string"
            ? [{ text: message.content }]
            : message.content.map(toGeminiPart),
      };
    case "assistant":
      for (const call of functionCallsOf(message, TARGET)) names.set(call.id, call.function.name);
      return { role: "model", parts: assistantParts(message) };
    case "tool":
      return { role: "user", parts: [toolPart(message, names)] };
    case "function":
      return {
        role: "user",
        parts: [
          {
            functionResponse: { name: message.name, response: { content: message.content ?? "" } },
          },
        ],
      };
  }
}

/**
 * Split OpenAI messages into Gemini `systemInstruction` and `contents`, merging consecutive turns
 * of one role (all function responses of a turn must travel together).
 */
export function toGeminiContents(messages: ChatMessage[]): {
  systemInstruction: GeminiContent | undefined;
  contents: GeminiContent[];
} {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "system" || message.role === "developer") {
      system.push({ text: joinText(message.content) });
      continue;
    }
    const content = toContent(message, names);
    if (!content || content.parts.length === 0) continue;
    const last = contents.at(-1);
    if (last && last.role === content.role) last.parts.push(...content.parts);
    else contents.push(content);
  }
  return { systemInstruction: system.length > 0 ? { parts: system } : undefined, contents };
}
