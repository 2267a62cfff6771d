import { BadRequestError } from "../errors.js";
import type { RouteKind } from "../providers/types.js";
import { type GuardSource, guardFieldRules } from "./guard-field-rules.js";

type Json = Record<string, unknown>;

/** One model-visible text of a request, where it comes from, and how to write a sanitized copy back. */
export interface GuardSegment {
  readonly text: string;
  readonly source: GuardSource;
  /** Put `text` where the original was (in the body the provider will receive). */
  replace(text: string): void;
}

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const dataUrl = /^data:([^;,]+)(;base64)?,/;

function isTextMedia(mediaType: unknown): boolean {
  if (typeof mediaType !== "string") return false;
  const type = mediaType.trim().toLowerCase();
  return type.startsWith("text/") || guardFieldRules.textMediaTypes.has(type);
}

function sourceOf(node: Json, inherited: GuardSource): GuardSource {
  if (typeof node.role === "string") {
    const byRole = guardFieldRules.sourceByRole[node.role];
    if (byRole !== undefined) return byRole;
  }
  if (typeof node.type === "string") {
    return guardFieldRules.sourceByType[node.type] ?? inherited;
  }
  return inherited;
}

/**
 * Walks a request body and collects every string a model can read. Deny by default: every string
 * value is text unless its key names a structural field (`model`, `role`, ids, media types, ...;
 * see {@link guardFieldRules}); inside free-form objects (tool inputs, JSON schemas) keys count as
 * text too. Base64 text media (`file_data`, Anthropic `document` sources) are decoded for the scan
 * and encoded again when sanitized; binary media (images, audio, PDF) are not text and are skipped.
 */
class SegmentCollector {
  readonly segments: GuardSegment[] = [];

  add(text: string, source: GuardSource, replace: (text: string) => void): void {
    if (text.trim() === "") return;
    this.segments.push({ text, source, replace });
  }

  walk(
    value: unknown,
    source: GuardSource,
    replace: (text: string) => void,
    freeForm: boolean,
  ): void {
    if (typeof value === "string") {
      this.add(value, source, replace);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        this.walk(item, source, (text) => (value[index] = text), freeForm);
      });
    } else if (isRecord(value)) {
      this.walkObject(value, source, freeForm);
    }
  }

  private walkObject(node: Json, inherited: GuardSource, freeForm: boolean): void {
    const source = freeForm ? inherited : sourceOf(node, inherited);
    if (!freeForm) this.media(node, source);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (freeForm) {
        this.add(key, source, (text) => renameKey(node, key, text));
      } else if (guardFieldRules.skippedSubtrees.has(key)) {
        continue;
      } else if (typeof value === "string" && guardFieldRules.structuralKeys.has(key)) {
        continue;
      } else if (key === "data" || key === "file_data") {
        continue; // handled by media()
      }
      // Only objects are free-form (an `input` array of items or a string `input` is not).
      const childFreeForm = freeForm || (guardFieldRules.freeFormKeys.has(key) && isRecord(value));
      this.walk(value, source, (text) => (node[key] = text), childFreeForm);
    }
  }

  /** Base64 or inline text media: decoded text is scanned; binary media are skipped. */
  private media(node: Json, source: GuardSource): void {
    const { data } = node;
    if (typeof data === "string") {
      const mediaType = node.media_type ?? node.mime_type;
      if (node.type === "text") this.add(data, source, (text) => (node.data = text));
      else if (node.type === "base64" && isTextMedia(mediaType)) {
        this.add(decodeBase64(data), source, (text) => (node.data = encodeBase64(text)));
      }
    }
    const fileData = node.file_data;
    if (typeof fileData === "string") {
      const match = dataUrl.exec(fileData);
      if (match !== null && isTextMedia(match[1])) {
        const prefix = match[0];
        const payload = fileData.slice(prefix.length);
        const base64 = match[2] !== undefined;
        const text = base64 ? decodeBase64(payload) : decodeURIComponent(payload);
        this.add(text, source, (sanitized) => {
          node.file_data =
            prefix + (base64 ? encodeBase64(sanitized) : encodeURIComponent(sanitized));
        });
      }
    }
  }
}

function renameKey(node: Json, from: string, to: string): void {
  if (from === to) return;
  node[to] = node[from];
  delete node[from];
}

function decodeBase64(data: string): string {
  return Buffer.from(data, "base64").toString("utf8");
}

function encodeBase64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

function holdsNumbers(value: unknown): boolean {
  if (typeof value === "number") return true;
  return Array.isArray(value) && value.some(holdsNumbers);
}

/** Token-ID prompts and inputs cannot be read by the guard: refuse them while it is on. */
function refuseTokenIds(route: RouteKind, body: Json): void {
  const field = guardFieldRules.tokenIdFields[route];
  if (field === undefined || !holdsNumbers(body[field])) return;
  throw new BadRequestError(
    `${field} given as token IDs cannot be checked by the guard; send it as text`,
    { details: { param: field } },
  );
}

/**
 * Every model-visible text of `body` (the route's request, which the gateway translates for the
 * provider: translation moves these texts, it adds none), each with its source and a way to
 * replace it in place. Throws a 400 for token-ID prompts.
 */
export function collectGuardSegments(route: RouteKind, body: Json): GuardSegment[] {
  refuseTokenIds(route, body);
  const collector = new SegmentCollector();
  collector.walk(body, "prompt", () => undefined, false);
  return collector.segments;
}

/** Where answers keep what the model wrote: chat/completion `choices`, Messages `content`, Responses `output`, transcription `text`. */
const answerKeys = ["choices", "content", "output", "text"] as const;

/** Every text of a model's answer (and of the tool calls it makes), replaceable in place. */
export function collectAnswerSegments(body: Json): GuardSegment[] {
  const collector = new SegmentCollector();
  for (const key of answerKeys) {
    if (body[key] !== undefined) {
      collector.walk(body[key], "prompt", (text) => (body[key] = text), false);
    }
  }
  return collector.segments;
}
