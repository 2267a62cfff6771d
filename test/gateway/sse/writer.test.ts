import { describe, expect, it } from "vitest";
import { createSSEParser } from "../../../src/gateway/sse/parser.js";
import {
  formatAnthropicSSE,
  formatSSEComment,
  formatSSEData,
  formatSSEEvent,
  SSE_DONE_FRAME,
} from "../../../src/gateway/sse/writer.js";

describe("SSE writer", () => {
  it("frames OpenAI data and the terminator", () => {
    expect(formatSSEData({ id: "c1", choices: [] })).toBe('data: {"id":"c1","choices":[]}\n\n');
    expect(SSE_DONE_FRAME).toBe("data: [DONE]\n\n");
  });

  it("frames Anthropic events with the type as the event name", () => {
    expect(formatAnthropicSSE({ type: "message_stop" })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(() => formatSSEEvent("a\nb", {})).toThrow(/line breaks/);
  });

  it("keeps text with newlines on one data line (JSON escapes them) and round-trips", () => {
    const payload = { type: "content_block_delta", delta: { text: "a\nb\r\nc" } };
    const parser = createSSEParser();
    const out = parser.push(
      formatAnthropicSSE(payload) + formatSSEComment("x\ny") + SSE_DONE_FRAME,
    );
    expect(out).toEqual([
      { event: "content_block_delta", data: JSON.stringify(payload) },
      { data: "[DONE]" },
    ]);
  });
});
