/**
 * The one SSE writer: OpenAI-style `data:` frames with the `[DONE]` terminator, and Anthropic-style
 * frames that name the event type.
 */

/** The OpenAI stream terminator frame. */
export const SSE_DONE_FRAME = "data: [DONE]\n\n";

/**
 * Frame one JSON payload as `data: <json>\n\n`.
 * @example
 * formatSSEData({ ok: true }); // 'data: {"ok":true}\n\n'
 */
export function formatSSEData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Frame a named event as `event: <name>\ndata: <json>\n\n`.
 * @example
 * formatSSEEvent("ping", { type: "ping" }); // 'event: ping\ndata: {"type":"ping"}\n\n'
 */
export function formatSSEEvent(event: string, payload: unknown): string {
  if (/[\r\n]/.test(event)) throw new TypeError("SSE event name must not contain line breaks");
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Frame an Anthropic stream event; the SSE event name is the payload's `type`.
 * @example
 * formatAnthropicSSE({ type: "message_stop" }); // 'event: message_stop\ndata: {"type":"message_stop"}\n\n'
 */
export function formatAnthropicSSE(event: { type: string }): string {
  return formatSSEEvent(event.type, event);
}

/**
 * A comment frame (`: text\n\n`), ignored by clients; useful as a keep-alive.
 * @example
 * formatSSEComment("keep-alive"); // ': keep-alive\n\n'
 */
export function formatSSEComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, " ")}\n\n`;
}
