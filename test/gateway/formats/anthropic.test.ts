import { describe, expect, it } from "vitest";
import {
  anthropicErrorSchema,
  anthropicMessageSchema,
  anthropicMessagesRequestSchema,
  anthropicStreamEventSchema,
} from "../../../src/gateway/formats/anthropic.js";

describe("Anthropic request schema", () => {
  it("accepts system blocks, every content block kind, tools and unknown fields", () => {
    const parsed = anthropicMessagesRequestSchema.parse({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: "You are helpful.", cache_control: { type: "ephemeral" } }],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What's in this image?" },
            {
              type: "image",
              source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" },
            },
            { type: "image", source: { type: "url", url: "https://upload.wikimedia.org/a.jpg" } },
            {
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data: "JVBER" },
            },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "tool_use", id: "toolu_01", name: "get_weather", input: { location: "SF" } },
          ],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_01",
              content: "15 degrees",
              is_error: false,
            },
          ],
        },
      ],
      tools: [
        {
          name: "get_weather",
          description: "Get weather",
          input_schema: { type: "object", properties: { location: { type: "string" } } },
        },
      ],
      tool_choice: { type: "auto", disable_parallel_tool_use: true },
      thinking: { type: "enabled", budget_tokens: 2048 },
      service_tier: "auto",
    });
    expect(parsed.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
  });

  it("requires max_tokens and rejects a bad role or block", () => {
    expect(anthropicMessagesRequestSchema.safeParse({ model: "c", messages: [] }).success).toBe(
      false,
    );
    const bad = anthropicMessagesRequestSchema.safeParse({
      model: "c",
      max_tokens: 5,
      messages: [
        { role: "system", content: "x" },
        { role: "user", content: [{ type: "text" }] },
      ],
    });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual([
      "messages.0.role",
      "messages.1.content",
    ]);
  });
});

describe("Anthropic response and stream schemas", () => {
  it("parses a message with server tool blocks among the known ones", () => {
    const parsed = anthropicMessageSchema.parse({
      id: "msg_01",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [
        { type: "server_tool_use", id: "srvtoolu_01", name: "web_search", input: { query: "x" } },
        { type: "web_search_tool_result", tool_use_id: "srvtoolu_01", content: [] },
        { type: "text", text: "Found it." },
      ],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 4, server_tool_use: { web_search_requests: 1 } },
    });
    expect(parsed.content).toHaveLength(3);
  });

  it("parses every documented stream event", () => {
    const events = [
      {
        type: "message_start",
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          content: [],
          model: "claude",
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 25, output_tokens: 1 },
        },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_1", name: "f", input: {} },
      },
      { type: "content_block_start", index: 2, content_block: { type: "thinking", thinking: "" } },
      { type: "ping" },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"a":' },
      },
      { type: "content_block_delta", index: 2, delta: { type: "thinking_delta", thinking: "hmm" } },
      {
        type: "content_block_delta",
        index: 2,
        delta: { type: "signature_delta", signature: "EqQB" },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 15 },
      },
      { type: "message_stop" },
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    ];
    for (const event of events)
      expect(anthropicStreamEventSchema.safeParse(event).success).toBe(true);
    expect(
      anthropicStreamEventSchema.safeParse({ type: "content_block_delta", index: 0 }).success,
    ).toBe(false);
  });

  it("parses the error body", () => {
    expect(
      anthropicErrorSchema.safeParse({
        type: "error",
        error: { type: "not_found_error", message: "The requested resource could not be found." },
      }).success,
    ).toBe(true);
  });

  it("reads a stop reason newer than the known list as end_turn", () => {
    const event = anthropicStreamEventSchema.parse({
      type: "message_delta",
      delta: { stop_reason: "some_future_reason", stop_sequence: null },
      usage: { output_tokens: 1 },
    });
    expect(event.type === "message_delta" && event.delta.stop_reason).toBe("end_turn");
  });
});
