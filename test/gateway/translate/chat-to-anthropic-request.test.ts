import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/common/errors.js";
import { anthropicMessagesRequestSchema } from "../../../src/gateway/formats/anthropic.js";
import { chatCompletionRequestSchema } from "../../../src/gateway/formats/openai.js";
import {
  chatToAnthropicRequest,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
} from "../../../src/gateway/translate/chat-to-anthropic-request.js";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function parse(body: unknown) {
  return chatCompletionRequestSchema.parse(body);
}

describe("chatToAnthropicRequest", () => {
  it("moves system messages to `system`, maps params and defaults max_tokens", () => {
    const req = parse({
      model: "claude",
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Hello" },
      ],
      temperature: 0.2,
      top_p: 0.9,
      stop: "END",
      user: "user-42",
      stream: true,
      stream_options: { include_usage: true },
    });
    const out = chatToAnthropicRequest(req, "claude-sonnet-4-5");
    expect(out).toEqual({
      model: "claude-sonnet-4-5",
      system: "You are terse.",
      messages: [{ role: "user", content: [{ type: "text", text: "Hello" }] }],
      max_tokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
      temperature: 0.2,
      top_p: 0.9,
      stop_sequences: ["END"],
      stream: true,
      metadata: { user_id: "user-42" },
    });
    expect(anthropicMessagesRequestSchema.safeParse(out).success).toBe(true);
  });

  it("keeps several system and developer messages as text blocks, honours max_completion_tokens", () => {
    const req = parse({
      model: "m",
      max_tokens: 10,
      max_completion_tokens: 300,
      messages: [
        { role: "system", content: "Rule one." },
        { role: "developer", content: [{ type: "text", text: "Rule two." }] },
        { role: "user", content: "Hi" },
      ],
    });
    const out = chatToAnthropicRequest(req, "claude", { defaultMaxTokens: 99 });
    expect(out.system).toEqual([
      { type: "text", text: "Rule one." },
      { type: "text", text: "Rule two." },
    ]);
    expect(out.max_tokens).toBe(300);
    expect(
      chatToAnthropicRequest(
        parse({ model: "m", messages: [{ role: "user", content: "x" }] }),
        "c",
        { defaultMaxTokens: 99 },
      ).max_tokens,
    ).toBe(99);
  });

  it("converts multi-part user content with data-URL and http images", () => {
    const req = parse({
      model: "m",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is in these images?" },
            { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
            {
              type: "image_url",
              image_url: { url: "https://example.com/cat.jpg", detail: "high" },
            },
          ],
        },
      ],
    });
    expect(chatToAnthropicRequest(req, "c").messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "What is in these images?" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
          { type: "image", source: { type: "url", url: "https://example.com/cat.jpg" } },
        ],
      },
    ]);
  });

  it("maps tools, tool_choice, assistant tool_calls and tool results (merged into one user turn)", () => {
    const req = parse({
      model: "m",
      messages: [
        { role: "user", content: "Weather in Paris and Rome?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
            {
              id: "call_2",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Rome"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "18C sunny" },
        { role: "tool", tool_call_id: "call_2", content: [{ type: "text", text: "21C" }] },
        { role: "user", content: "Thanks, summarise." },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "Current weather",
            parameters: {
              type: "object",
              properties: { city: { type: "string" } },
              required: ["city"],
            },
          },
        },
      ],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      parallel_tool_calls: false,
    });
    const out = chatToAnthropicRequest(req, "c");
    expect(out.tools).toEqual([
      {
        name: "get_weather",
        description: "Current weather",
        input_schema: {
          type: "object",
          properties: { city: { type: "string" } },
          required: ["city"],
        },
      },
    ]);
    expect(out.tool_choice).toEqual({
      type: "tool",
      name: "get_weather",
      disable_parallel_tool_use: true,
    });
    expect(out.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome?" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "call_1", name: "get_weather", input: { city: "Paris" } },
          { type: "tool_use", id: "call_2", name: "get_weather", input: { city: "Rome" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_1", content: "18C sunny" },
          { type: "tool_result", tool_use_id: "call_2", content: [{ type: "text", text: "21C" }] },
          { type: "text", text: "Thanks, summarise." },
        ],
      },
    ]);
    expect(anthropicMessagesRequestSchema.safeParse(out).success).toBe(true);
  });

  it("maps the string tool_choice values and a tool without parameters", () => {
    const base = {
      model: "m",
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "function", function: { name: "now" } }],
    };
    expect(
      chatToAnthropicRequest(parse({ ...base, tool_choice: "required" }), "c").tool_choice,
    ).toEqual({ type: "any" });
    expect(
      chatToAnthropicRequest(parse({ ...base, tool_choice: "none" }), "c").tool_choice,
    ).toEqual({ type: "none" });
    expect(
      chatToAnthropicRequest(parse({ ...base, tool_choice: "auto" }), "c").tool_choice,
    ).toEqual({ type: "auto" });
    const noChoice = chatToAnthropicRequest(parse(base), "c");
    expect(noChoice.tool_choice).toBeUndefined();
    expect(noChoice.tools?.[0]?.input_schema).toEqual({ type: "object", properties: {} });
  });

  it("merges consecutive user messages and drops empty text (Anthropic rejects it)", () => {
    const req = parse({
      model: "m",
      messages: [
        { role: "user", content: "one" },
        { role: "user", content: "" },
        {
          role: "user",
          content: [
            { type: "text", text: "" },
            { type: "text", text: "two" },
          ],
        },
        { role: "assistant", content: "" },
        { role: "assistant", content: "answer" },
      ],
    });
    expect(chatToAnthropicRequest(req, "c").messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "answer" }] },
    ]);
  });

  it("reports parameters Anthropic cannot take", () => {
    const dropped: string[] = [];
    const req = parse({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      n: 2,
      seed: 1,
      response_format: { type: "json_object" },
      temperature: 0.5,
    });
    chatToAnthropicRequest(req, "c", { onDroppedParam: (p) => dropped.push(p) });
    expect(dropped.sort()).toEqual(["n", "seed"]);
  });

  it("rejects invalid tool arguments, audio parts and the deprecated function role with clear errors", () => {
    const badArgs = parse({
      model: "m",
      messages: [
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{oops" } }],
        },
      ],
    });
    expect(() => chatToAnthropicRequest(badArgs, "c")).toThrow(/tool call "f".*not valid JSON/);
    const audio = parse({
      model: "m",
      messages: [
        {
          role: "user",
          content: [{ type: "input_audio", input_audio: { data: "AAA", format: "wav" } }],
        },
      ],
    });
    expect(() => chatToAnthropicRequest(audio, "c")).toThrow(ValidationError);
    const fn = parse({ model: "m", messages: [{ role: "function", name: "f", content: "1" }] });
    expect(() => chatToAnthropicRequest(fn, "c")).toThrow(/role "tool"/);
  });

  it("sends an inline PDF file part as a document block", () => {
    const req = parse({
      model: "m",
      messages: [
        {
          role: "user",
          content: [
            {
              type: "file",
              file: { filename: "a.pdf", file_data: "data:application/pdf;base64,JVBERi0x" },
            },
          ],
        },
      ],
    });
    expect(chatToAnthropicRequest(req, "c").messages[0]?.content).toEqual([
      {
        type: "document",
        source: { type: "base64", media_type: "application/pdf", data: "JVBERi0x" },
      },
    ]);
  });

  it("emulates a JSON response_format with one forced tool, unless the request has tools", () => {
    const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
    const req = parse({
      model: "m",
      messages: [{ role: "user", content: "Capital of France as JSON" }],
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", schema, strict: true },
      },
    });
    const out = chatToAnthropicRequest(req, "c");
    expect(out.tools).toEqual([
      {
        name: "json_tool_call",
        description: "Respond with a JSON object as the tool input.",
        input_schema: schema,
      },
    ]);
    expect(out.tool_choice).toEqual({ type: "tool", name: "json_tool_call" });
    const dropped: string[] = [];
    const withTools = chatToAnthropicRequest(
      parse({
        model: "m",
        messages: [{ role: "user", content: "x" }],
        response_format: { type: "json_object" },
        tools: [{ type: "function", function: { name: "f" } }],
      }),
      "c",
      { onDroppedParam: (p) => dropped.push(p) },
    );
    expect(withTools.tools?.map((t) => t.name)).toEqual(["f"]);
    expect(dropped).toEqual(["response_format"]);
  });

  it("refuses custom tools and allowed-tools choices with a clear error", () => {
    const custom = parse({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "custom", custom: { name: "code_exec", description: "Runs code" } }],
    });
    expect(() => chatToAnthropicRequest(custom, "c")).toThrow(
      /custom tool "code_exec" cannot be sent to an Anthropic model/,
    );
    const allowed = parse({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "function", function: { name: "f" } }],
      tool_choice: {
        type: "allowed_tools",
        allowed_tools: { mode: "auto", tools: [{ type: "function", function: { name: "f" } }] },
      },
    });
    expect(() => chatToAnthropicRequest(allowed, "c")).toThrow(/allowed_tools/);
  });
});
