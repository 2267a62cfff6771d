import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/common/errors.js";
import {
  anthropicMessageSchema,
  anthropicStreamEventSchema,
} from "../../../src/gateway/formats/anthropic.js";
import {
  chatCompletionChunkSchema,
  chatCompletionSchema,
} from "../../../src/gateway/formats/openai.js";
import { anthropicToChatResponse } from "../../../src/gateway/translate/anthropic-to-chat-response.js";
import { createAnthropicToChatStream } from "../../../src/gateway/translate/anthropic-to-chat-stream.js";

describe("anthropicToChatResponse", () => {
  it("maps text, tool_use, stop reason and usage", () => {
    const message = anthropicMessageSchema.parse({
      id: "msg_01Aq9w938a90dw8q",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      content: [
        { type: "text", text: "I'll check the weather." },
        {
          type: "tool_use",
          id: "toolu_01A09q90qw90lq917835lq9",
          name: "get_weather",
          input: { location: "San Francisco, CA" },
        },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: {
        input_tokens: 472,
        output_tokens: 89,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 100,
      },
    });
    const out = anthropicToChatResponse(message, "claude-sonnet");
    expect(chatCompletionSchema.safeParse(out).success).toBe(true);
    expect(out.model).toBe("claude-sonnet");
    expect(out.choices[0]).toEqual({
      index: 0,
      logprobs: null,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: "I'll check the weather.",
        refusal: null,
        tool_calls: [
          {
            id: "toolu_01A09q90qw90lq917835lq9",
            type: "function",
            function: { name: "get_weather", arguments: '{"location":"San Francisco, CA"}' },
          },
        ],
      },
    });
    expect(out.usage).toEqual({
      prompt_tokens: 572,
      completion_tokens: 89,
      total_tokens: 661,
      prompt_tokens_details: { cached_tokens: 100 },
    });
  });

  it.each([
    ["end_turn", "stop"],
    ["max_tokens", "length"],
    ["stop_sequence", "stop"],
    ["tool_use", "tool_calls"],
    ["refusal", "content_filter"],
    ["model_context_window_exceeded", "length"],
  ] as const)("maps stop_reason %s to %s", (stopReason, finish) => {
    const out = anthropicToChatResponse(
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude",
        content: [{ type: "text", text: "Hi" }],
        stop_reason: stopReason,
        stop_sequence: stopReason === "stop_sequence" ? "END" : null,
        usage: { input_tokens: 3, output_tokens: 1 },
      },
      "m",
    );
    expect(out.choices[0]?.finish_reason).toBe(finish);
    // A refusal is OpenAI's `message.refusal` (content null); otherwise refusal is null.
    const refused = stopReason === "refusal";
    expect(out.choices[0]?.message.content).toBe(refused ? null : "Hi");
    expect(out.choices[0]?.message.refusal).toBe(refused ? "Hi" : null);
  });

  it("puts thinking text in reasoning_content and gives null content for tool-only replies", () => {
    const out = anthropicToChatResponse(
      {
        id: "msg_2",
        type: "message",
        role: "assistant",
        model: "claude",
        content: [
          { type: "thinking", thinking: "Need a tool.", signature: "sig" },
          { type: "tool_use", id: "toolu_2", name: "now", input: {} },
        ],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 4 },
      },
      "m",
    );
    expect(out.choices[0]?.message.content).toBeNull();
    expect(out.choices[0]?.message.reasoning_content).toBe("Need a tool.");
  });
});

// A text reply streamed by the Messages API, as documented (event payloads verbatim in shape).
const textStream = [
  {
    type: "message_start",
    message: {
      id: "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY",
      type: "message",
      role: "assistant",
      content: [],
      model: "claude-sonnet-4-5",
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 25, output_tokens: 1 },
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "ping" },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "!" } },
  { type: "content_block_stop", index: 0 },
  {
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 15 },
  },
  { type: "message_stop" },
].map((e) => anthropicStreamEventSchema.parse(e));

// A tool-use reply: text block, then a tool_use block whose input arrives as partial JSON.
const toolStream = [
  {
    type: "message_start",
    message: {
      id: "msg_014p7gG3wDgGV9EUtLvnow3U",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      stop_sequence: null,
      usage: { input_tokens: 472, output_tokens: 2 },
      content: [],
      stop_reason: null,
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Checking." } },
  { type: "content_block_stop", index: 0 },
  {
    type: "content_block_start",
    index: 1,
    content_block: {
      type: "tool_use",
      id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
      name: "get_weather",
      input: {},
    },
  },
  { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "" } },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: '{"location": "San Fra' },
  },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: 'ncisco, CA"}' },
  },
  { type: "content_block_stop", index: 1 },
  {
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 89 },
  },
  { type: "message_stop" },
].map((e) => anthropicStreamEventSchema.parse(e));

describe("createAnthropicToChatStream", () => {
  it("streams a text reply: role chunk, deltas, finish reason, no usage chunk by default", () => {
    const stream = createAnthropicToChatStream("claude-sonnet");
    const chunks = [...textStream.flatMap((e) => stream.push(e)), ...stream.finish()];
    for (const chunk of chunks)
      expect(chatCompletionChunkSchema.safeParse(chunk).success).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta)).toEqual([
      { role: "assistant", content: "" },
      { content: "Hello" },
      { content: "!" },
      {},
    ]);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
    expect(new Set(chunks.map((c) => c.id))).toEqual(
      new Set(["msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY"]),
    );
    expect(chunks.every((c) => c.model === "claude-sonnet" && c.usage === undefined)).toBe(true);
  });

  it("streams tool calls with index, id, name and argument pieces, then a usage chunk", () => {
    const stream = createAnthropicToChatStream("claude-sonnet", { includeUsage: true });
    const chunks = toolStream.flatMap((e) => stream.push(e));
    const toolDeltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(toolDeltas).toEqual([
      {
        index: 0,
        id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
        type: "function",
        function: { name: "get_weather", arguments: "" },
      },
      { index: 0, function: { arguments: '{"location": "San Fra' } },
      { index: 0, function: { arguments: 'ncisco, CA"}' } },
    ]);
    const args = toolDeltas.map((d) => d.function?.arguments ?? "").join("");
    expect(JSON.parse(args)).toEqual({ location: "San Francisco, CA" });
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish?.choices[0]?.finish_reason).toBe("tool_calls");
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 472, completion_tokens: 89, total_tokens: 561 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it("throws an upstream error event as an AppError with the matching status", () => {
    const stream = createAnthropicToChatStream("m");
    const event = anthropicStreamEventSchema.parse({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
    expect(() => stream.push(event)).toThrow(AppError);
    try {
      stream.push(event);
    } catch (error) {
      expect((error as AppError).status).toBe(529);
      expect((error as AppError).message).toBe("Overloaded");
    }
  });

  it("turns a JSON-mode tool call into streamed text with finish_reason stop", () => {
    const stream = createAnthropicToChatStream("claude");
    const events = [
      {
        type: "message_start",
        message: {
          id: "msg_j",
          type: "message",
          role: "assistant",
          content: [],
          model: "claude",
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 5, output_tokens: 1 },
        },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "toolu_j", name: "json_tool_call", input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: '{"city":' },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: '"Paris"}' },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "message_delta",
        delta: { stop_reason: "tool_use", stop_sequence: null },
        usage: { output_tokens: 9 },
      },
      { type: "message_stop" },
    ].map((e) => anthropicStreamEventSchema.parse(e));
    const chunks = events.flatMap((e) => stream.push(e));
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(JSON.parse(text)).toEqual({ city: "Paris" });
    expect(chunks.some((c) => c.choices[0]?.delta.tool_calls)).toBe(false);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
  });
});

describe("anthropicToChatResponse in JSON mode", () => {
  it("returns the reserved tool's input as the message text", () => {
    const out = anthropicToChatResponse(
      {
        id: "msg_j",
        type: "message",
        role: "assistant",
        model: "claude",
        content: [
          { type: "tool_use", id: "toolu_j", name: "json_tool_call", input: { city: "Paris" } },
        ],
        stop_reason: "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 9 },
      },
      "m",
    );
    expect(out.choices[0]?.message).toEqual({
      role: "assistant",
      content: '{"city":"Paris"}',
      refusal: null,
    });
    expect(out.choices[0]?.finish_reason).toBe("stop");
  });
});
