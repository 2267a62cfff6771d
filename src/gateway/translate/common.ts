/**
 * Small helpers shared by the translators: data URLs, ids, timestamps, text extraction, tool
 * argument parsing and the dropped-parameter hook.
 */
import { randomUUID } from "node:crypto";
import { ValidationError } from "../../common/errors.js";

/** Options every request translator accepts. */
export interface TranslateOptions {
  /** Called with the name of each request parameter the target format cannot carry. */
  onDroppedParam?: (param: string) => void;
}

/** A parsed base64 data URL. */
export interface DataUrl {
  mediaType: string;
  data: string;
}

/**
 * Split a base64 `data:` URL into media type and payload; `undefined` for any other URL.
 * @example
 * parseDataUrl("data:image/png;base64,iVBOR"); // { mediaType: "image/png", data: "iVBOR" }
 */
export function parseDataUrl(url: string): DataUrl | undefined {
  const match = /^data:([^;,]+)?((?:;[^;,]+)*?);base64,(.*)$/s.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? "application/octet-stream", data: match[3] ?? "" };
}

/** Build a base64 data URL. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

const extensionMediaTypes: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
  pdf: "application/pdf",
  wav: "audio/wav",
  mp3: "audio/mp3",
  mp4: "video/mp4",
};

/** Guess a media type from a URL's file extension (Gemini's `fileData` needs one). */
export function guessMediaType(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return extensionMediaTypes[ext] ?? "image/jpeg";
}

/** A fresh id with the given prefix, e.g. `chatcmpl-…`, `msg_…`, `call_…`. */
export function newId(prefix: string): string {
  return `${prefix}${randomUUID().replaceAll("-", "")}`;
}

/** Current Unix time in seconds, the unit of OpenAI's `created`. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Join string content or text parts into one string. */
export function joinText(
  content: string | ReadonlyArray<{ type: string; text?: unknown }>,
): string {
  if (typeof content === "string") return content;
  return content
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("");
}

/**
 * Parse a tool call's JSON `arguments` into an object; a clear error names the call otherwise.
 * @example
 * parseToolArguments('{"city":"Paris"}', "get_weather"); // { city: "Paris" }
 */
export function parseToolArguments(args: string, toolName: string): Record<string, unknown> {
  if (args.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    throw new ValidationError(`tool call "${toolName}": function.arguments is not valid JSON`, {
      status: 400,
      code: "invalid_tool_arguments",
    });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ValidationError(`tool call "${toolName}": function.arguments must be a JSON object`, {
      status: 400,
      code: "invalid_tool_arguments",
    });
  }
  return parsed as Record<string, unknown>;
}

/** Report every key of `request` not in `handled` through `onDroppedParam`. */
export function reportDropped(
  request: Record<string, unknown>,
  handled: ReadonlySet<string>,
  options: TranslateOptions | undefined,
): void {
  if (!options?.onDroppedParam) return;
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== null && !handled.has(key)) options.onDroppedParam(key);
  }
}

/** A 400 for content the target provider cannot take. */
export function unsupported(what: string, target: string): ValidationError {
  return new ValidationError(`${what} cannot be sent to ${target}`, {
    status: 400,
    code: "unsupported_content",
  });
}
