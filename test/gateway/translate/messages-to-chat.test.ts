import { describe, expect, it } from "vitest";
import {
  anthropicMessageSchema,
  anthropicMessagesRequestSchema,
  anthropicStreamEventSchema,
} from "../../../src/gateway/formats/anthropic.js";
import {
  chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  chatCompletionSchema,
} from "../../../src/gateway/formats/openai.js";
import { chatToMessagesResponse } from "../../../src/gateway/translate/chat-to-messages-response.js";
import { createChatToMessagesStream } from "../../../src/gateway/translate/chat-to-messages-stream.js";
import { messagesToChatRequest } from "../../../src/gateway/translate/messages-to-chat-request.js";

const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U";

describe("messagesToChatRequest", () => {
  it("maps system, multi-part content with images, tools and the tool round trip", () => {
    const req = anthropicMessagesRequestSchema.parse({
      model: "gpt-4o",
      max_tokens: 1024,
      system: [
        { type: "text", text: "You are a weather bot.", cache_control: { type: "ephemeral" } },
      ],
      stop_sequences: ["\n\nHuman:"],
      temperature: 0.3,
      top_p: 0.8,
      metadata: { user_id: "u-1" },
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Where is this, and what's the weather?" },
            { type: "image", source: { type: "base64", media_type: "image/jpeg", data: JPEG } },
            { type: "image", source: { type: "url", url: "https://example.com/x.png" } },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Looks like Paris." },
            { type: "tool_use", id: "toolu_01", name: "get_weather", input: { city: "Paris" } },
          ],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_01",
              content: [{ type: "text", text: "18C" }],
            },
            { type: "text", text: "And tomorrow?" },
          ],
        },
      ],
      tools: [
        {
          name: "get_weather",
          description: "Get the weather",
          input_schema: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
          },
        },
      ],
      tool_choice: { type: "any", disable_parallel_tool_use: true },
    });
    const out = messagesToChatRequest(req, "gpt-4o-2024-08-06");
    expect(chatCompletionRequestSchema.safeParse(out).success).toBe(true);
    expect(out).toEqual({
      model: "gpt-4o-2024-08-06",
      max_tokens: 1024,
      stop: ["\n\nHuman:"],
      temperature: 0.3,
      top_p: 0.8,
      user: "u-1",
      messages: [
        { role: "system", content: "You are a weather bot." },
        {
          role: "user",
          content: [
            { type: "text", text: "Where is this, and what's the weather?" },
            { type: "image_url", image_url: { url: `data:image/jpeg;base64,${JPEG}` } },
            { type: "image_url", image_url: { url: "https://example.com/x.png" } },
          ],
        },
        {
          role: "assistant",
          content: "Looks like Paris.",
          tool_calls: [
            {
              id: "toolu_01",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "toolu_01", content: "18C" },
        { role: "user", content: "And tomorrow?" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "Get the weather",
            parameters: {
              type: "object",
              properties: { city: { type: "string" } },
              required: ["city"],
            },
          },
        },
      ],
      tool_choice: "required",
      parallel_tool_calls: false,
    });
  });

  it("asks for the usage chunk when streaming and maps string content and tool_choice tool", () => {
    const req = anthropicMessagesRequestSchema.parse({
      model: "m",
      max_tokens: 10,
      stream: true,
      system: "Be brief.",
      messages: [{ role: "user", content: "Hi" }],
      tools: [{ name: "now", input_schema: { type: "object" } }],
      tool_choice: { type: "tool", name: "now" },
    });
    const out = messagesToChatRequest(req, "gpt");
    expect(out.stream).toBe(true);
    expect(out.stream_options).toEqual({ include_usage: true });
    expect(out.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
    ]);
    expect(out.tool_choice).toEqual({ type: "function", function: { name: "now" } });
  });

  it("marks error tool results, moves tool-result images to a user turn and reports dropped fields", () => {
    const dropped: string[] = [];
    const req = anthropicMessagesRequestSchema.parse({
      model: "m",
      max_tokens: 10,
      top_k: 5,
      messages: [
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "t1",
              is_error: true,
              content: [
                { type: "text", text: "camera offline" },
                { type: "image", source: { type: "base64", media_type: "image/png", data: "AAA" } },
              ],
            },
          ],
        },
      ],
      tools: [{ type: "web_search_20250305", name: "web_search" }],
    });
    const out = messagesToChatRequest(req, "gpt", { onDroppedParam: (p) => dropped.push(p) });
    expect(out.messages).toEqual([
      { role: "tool", tool_call_id: "t1", content: "Error: camera offline" },
      {
        role: "user",
        content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AAA" } }],
      },
    ]);
    expect(out.tools).toBeUndefined();
    expect(dropped).toEqual(["top_k", "tools[web_search]"]);
  });
});

describe("chatToMessagesResponse", () => {
  it("maps content, tool calls, finish reason and usage", () => {
    const completion = chatCompletionSchema.parse({
      id: "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
      object: "chat.completion",
      created: 1741570283,
      model: "gpt-4o-2024-08-06",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "Let me look.",
            refusal: null,
            tool_calls: [
              {
                id: "call_abc",
                type: "function",
                function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
              },
              {
                id: "call_bad",
                type: "function",
                function: { name: "broken", arguments: "{not json" },
              },
            ],
          },
          logprobs: null,
          finish_reason: "tool_calls",
        },
      ],
      usage: {
        prompt_tokens: 1117,
        completion_tokens: 46,
        total_tokens: 1163,
        prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
      },
      system_fingerprint: "fp_fc9f1d7035",
    });
    const out = chatToMessagesResponse(completion, "gpt-4o");
    expect(anthropicMessageSchema.safeParse(out).success).toBe(true);
    expect(out.id).toMatch(/^msg_/);
    expect(out).toMatchObject({
      type: "message",
      role: "assistant",
      model: "gpt-4o",
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 93, output_tokens: 46, cache_read_input_tokens: 1024 },
      content: [
        { type: "text", text: "Let me look." },
        { type: "tool_use", id: "call_abc", name: "get_weather", input: { city: "Oslo" } },
        { type: "tool_use", id: "call_bad", name: "broken", input: { raw_arguments: "{not json" } },
      ],
    });
  });

  it.each([
    ["stop", "end_turn"],
    ["length", "max_tokens"],
    ["content_filter", "refusal"],
  ] as const)("maps finish_reason %s to %s", (finish, stop) => {
    const out = chatToMessagesResponse(
      {
        id: "c",
        object: "chat.completion",
        created: 1,
        model: "m",
        choices: [
          { index: 0, message: { role: "assistant", content: "ok" }, finish_reason: finish },
        ],
        usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 },
      },
      "m",
    );
    expect(out.stop_reason).toBe(stop);
    expect(out.content).toEqual([{ type: "text", text: "ok" }]);
  });
});

function chunk(delta: Record<string, unknown>, finish: string | null = null, usage?: unknown) {
  return chatCompletionChunkSchema.parse({
    id: "chatcmpl-123",
    object: "chat.completion.chunk",
    created: 1694268190,
    model: "gpt-4o-mini",
    system_fingerprint: "fp_44709d6fcb",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(usage === undefined ? {} : { usage }),
  });
}

const usageChunk = chatCompletionChunkSchema.parse({
  id: "chatcmpl-123",
  object: "chat.completion.chunk",
  created: 1694268190,
  model: "gpt-4o-mini",
  choices: [],
  usage: { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 },
});

describe("createChatToMessagesStream", () => {
  it("streams text as one content block with stop reason and usage at the end", () => {
    const stream = createChatToMessagesStream("gpt-4o");
    const events = [
      chunk({ role: "assistant", content: "" }),
      chunk({ content: "Hello" }),
      chunk({ content: " there" }),
      chunk({}, "stop"),
      usageChunk,
    ].flatMap((c) => stream.push(c));
    events.push(...stream.finish());
    for (const event of events)
      expect(anthropicStreamEventSchema.safeParse(event).success).toBe(true);
    expect(events.map((e) => e.type)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[2]).toEqual({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: "Hello" },
    });
    expect(events[5]).toEqual({
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { input_tokens: 19, output_tokens: 10 },
    });
    expect(stream.finish()).toEqual([]);
  });

  it("streams text then two tool calls as separate blocks with input_json_delta", () => {
    const stream = createChatToMessagesStream("gpt-4o");
    const chunks = [
      chunk({ role: "assistant", content: "Checking." }),
      chunk({
        tool_calls: [
          {
            index: 0,
            id: "call_1",
            type: "function",
            function: { name: "get_weather", arguments: "" },
          },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
      chunk({
        tool_calls: [
          { index: 1, id: "call_2", type: "function", function: { name: "now", arguments: "{}" } },
        ],
      }),
      chunk({}, "tool_calls"),
    ];
    const events = [...chunks.flatMap((c) => stream.push(c)), ...stream.finish()];
    expect(events.filter((e) => e.type === "content_block_start")).toEqual([
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "call_1", name: "get_weather", input: {} },
      },
      {
        type: "content_block_start",
        index: 2,
        content_block: { type: "tool_use", id: "call_2", name: "now", input: {} },
      },
    ]);
    const json = events
      .filter((e) => e.type === "content_block_delta" && e.index === 1)
      .map((e) =>
        e.type === "content_block_delta" && e.delta.type === "input_json_delta"
          ? e.delta.partial_json
          : "",
      )
      .join("");
    expect(JSON.parse(json)).toEqual({ city: "Oslo" });
    expect(
      events
        .filter((e) => e.type === "content_block_stop")
        .map((e) => (e as { index: number }).index),
    ).toEqual([0, 1, 2]);
    const delta = events.find((e) => e.type === "message_delta");
    expect(delta).toMatchObject({
      delta: { stop_reason: "tool_use" },
      usage: { output_tokens: 0 },
    });
  });

  it("still closes properly when upstream ends without any chunk", () => {
    const events = createChatToMessagesStream("m").finish();
    expect(events.map((e) => e.type)).toEqual(["message_start", "message_delta", "message_stop"]);
  });

  it("streams reasoning deltas as a thinking block before the text block", () => {
    const stream = createChatToMessagesStream("deepseek-reasoner");
    const events = [
      chunk({ role: "assistant", content: null, reasoning_content: "Think" }),
      chunk({ reasoning_content: " more" }),
      chunk({ content: "Answer" }),
      chunk({}, "stop"),
    ].flatMap((c) => stream.push(c));
    events.push(...stream.finish());
    for (const event of events)
      expect(anthropicStreamEventSchema.safeParse(event).success).toBe(true);
    expect(events.slice(1, 8)).toEqual([
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: "Think" },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "thinking_delta", thinking: " more" },
      },
      { type: "content_block_stop", index: 0 },
      { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Answer" } },
      { type: "content_block_stop", index: 1 },
    ]);
  });
});

describe("messagesToChatRequest tool results with documents and search results", () => {
  it("keeps search-result text in the tool message and moves documents to a user turn", () => {
    const req = anthropicMessagesRequestSchema.parse({
      model: "m",
      max_tokens: 10,
      messages: [
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_s",
              content: [
                {
                  type: "search_result",
                  source: "https://docs.example.com/a",
                  title: "Guide",
                  content: [{ type: "text", text: "Step one." }],
                },
                {
                  type: "document",
                  source: { type: "base64", media_type: "application/pdf", data: "JVBER" },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(messagesToChatRequest(req, "gpt").messages).toEqual([
      {
        role: "tool",
        tool_call_id: "toolu_s",
        content: "Guide\nhttps://docs.example.com/a\nStep one.",
      },
      {
        role: "user",
        content: [{ type: "file", file: { file_data: "data:application/pdf;base64,JVBER" } }],
      },
    ]);
  });
});
