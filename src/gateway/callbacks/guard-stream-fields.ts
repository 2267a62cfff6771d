import type { JsonObject } from "../providers/types.js";

/** One text delta inside a stream event: which stream of text it continues, and its value. */
export interface StreamTextField {
  /** Deltas of one channel concatenate (one choice's content, one tool call's arguments, ...). */
  readonly channel: string;
  /** The text is JSON (tool-call arguments). */
  readonly json: boolean;
  /** The current text (after any `set`). */
  readonly text: string;
  set(text: string): void;
}

const isRecord = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function field(
  holder: JsonObject,
  key: string,
  channel: string,
  json: boolean,
): StreamTextField | undefined {
  const value = holder[key];
  if (typeof value !== "string" || value === "") return undefined;
  return {
    channel,
    json,
    get text() {
      return holder[key] as string;
    },
    set: (next) => {
      holder[key] = next;
    },
  };
}

/** OpenAI chat and completion chunks: content, refusal, tool-call arguments, completion text. */
function openAIFields(event: JsonObject): StreamTextField[] {
  const fields: (StreamTextField | undefined)[] = [];
  const choices = Array.isArray(event.choices) ? event.choices : [];
  for (const choice of choices) {
    if (!isRecord(choice)) continue;
    const i = String(choice.index ?? 0);
    fields.push(field(choice, "text", `c${i}`, false));
    const delta = choice.delta;
    if (!isRecord(delta)) continue;
    fields.push(field(delta, "content", `c${i}`, false), field(delta, "refusal", `r${i}`, false));
    const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
    for (const call of calls) {
      if (!isRecord(call) || !isRecord(call.function)) continue;
      fields.push(field(call.function, "arguments", `t${i}.${String(call.index ?? 0)}`, true));
    }
  }
  return fields.filter((item) => item !== undefined);
}

/** Anthropic `content_block_delta` events: text, tool input JSON, thinking. */
function anthropicFields(event: JsonObject): StreamTextField[] {
  const delta = event.delta;
  if (!isRecord(delta)) return [];
  const channel = `b${String(event.index ?? 0)}`;
  const found =
    field(delta, "text", channel, false) ??
    field(delta, "partial_json", channel, true) ??
    field(delta, "thinking", channel, false);
  return found ? [found] : [];
}

/** Responses API `*.delta` events: output text, refusals, function-call arguments. */
function responsesFields(event: JsonObject): StreamTextField[] {
  const type = String(event.type);
  const channel = `o${String(event.output_index ?? 0)}.${String(event.content_index ?? 0)}`;
  const json = type === "response.function_call_arguments.delta";
  const found = field(event, "delta", channel, json);
  return found ? [found] : [];
}

/** The text deltas of one stream event, in any of the gateway's stream formats. */
export function streamTextFields(event: JsonObject): StreamTextField[] {
  if (event.type === "content_block_delta") return anthropicFields(event);
  if (typeof event.type === "string" && event.type.startsWith("response.")) {
    return event.type.endsWith(".delta") ? responsesFields(event) : [];
  }
  return openAIFields(event);
}

type Item = Record<string, unknown>;

/** Put the text sent for each of an output item's channels into that item (message or call). */
function rewriteItem(item: unknown, outputIndex: number, sent: ReadonlyMap<string, string>): void {
  if (!isRecord(item)) return;
  if (typeof item.arguments === "string") {
    const text = sent.get(`o${outputIndex}.0`);
    item.arguments = text ?? item.arguments;
  }
  if (Array.isArray(item.content)) {
    item.content.forEach((part: Item, contentIndex) => {
      const text = sent.get(`o${outputIndex}.${contentIndex}`);
      if (!isRecord(part)) return;
      if (typeof part.text === "string") part.text = text ?? "";
      if (typeof part.refusal === "string") part.refusal = text ?? "";
    });
  }
}

/**
 * Responses API events that repeat the whole text (`*.done`, `response.completed`) get the text
 * the client was actually sent (checked, redacted, restored), never the provider's raw text.
 */
export function rewriteResponsesDone(event: JsonObject, sent: ReadonlyMap<string, string>): void {
  const type = typeof event.type === "string" ? event.type : "";
  if (!type.startsWith("response.") || type.endsWith(".delta")) return;
  const at = `o${String(event.output_index ?? 0)}.${String(event.content_index ?? 0)}`;
  if (typeof event.text === "string") event.text = sent.get(at) ?? "";
  if (typeof event.arguments === "string") event.arguments = sent.get(at) ?? "";
  if (isRecord(event.part))
    rewriteItem(
      { content: [event.part] },
      Number(event.output_index ?? 0),
      new Map([[`o${String(event.output_index ?? 0)}.0`, sent.get(at) ?? ""]]),
    );
  if (event.item !== undefined) rewriteItem(event.item, Number(event.output_index ?? 0), sent);
  const response = event.response;
  if (isRecord(response) && Array.isArray(response.output)) {
    response.output.forEach((item, index) => {
      rewriteItem(item, index, sent);
    });
  }
}
