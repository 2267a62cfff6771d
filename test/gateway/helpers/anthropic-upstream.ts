import type { ServerResponse } from "node:http";
import { type RecordedRequest, sendJson, sendSSE } from "./fake-upstream.js";

function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const last = [...messages].reverse().find((message) => message.role === "user");
  if (typeof last?.content === "string") return last.content;
  const blocks = (last?.content ?? []) as Array<{ type: string; text?: string }>;
  return blocks.map((block) => block.text ?? `[${block.type}]`).join(" ");
}

/** A Messages API answer in Anthropic's wire format. */
export function anthropicMessage(model: string, text: string): Record<string, unknown> {
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 11, output_tokens: 4 },
  };
}

/** Anthropic stream frames (named events) for `text`. */
export function anthropicFrames(model: string, text: string): string[] {
  const frame = (payload: { type: string; [field: string]: unknown }) =>
    `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
  const start = {
    ...anthropicMessage(model, ""),
    content: [],
    stop_reason: null,
    usage: { input_tokens: 11, output_tokens: 1 },
  };
  return [
    frame({ type: "message_start", message: start }),
    frame({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
    frame({ type: "ping" }),
    ...text.split(/(?= )/).map((part) =>
      frame({
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: part },
      }),
    ),
    frame({ type: "content_block_stop", index: 0 }),
    frame({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: 4 },
    }),
    frame({ type: "message_stop" }),
  ];
}

/** A fake Anthropic Messages API (`POST /v1/messages`, JSON and SSE), echoing the last user text. */
export async function anthropicHandler(
  request: RecordedRequest,
  res: ServerResponse,
): Promise<void> {
  if (!request.url.startsWith("/v1/messages")) {
    return sendJson(res, 404, {
      type: "error",
      error: { type: "not_found_error", message: "no route" },
    });
  }
  const body = request.json();
  const text = `claude says: ${lastUserText(body)}`;
  if (body.stream === true) return sendSSE(res, anthropicFrames(String(body.model), text));
  sendJson(res, 200, anthropicMessage(String(body.model), text));
}
