/**
 * The translated streams, framed by our SSE writer, are read by the official SDKs: the real check
 * that the events are what those clients expect.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicStreamEventSchema } from "../../../src/gateway/formats/anthropic.js";
import { geminiGenerateContentResponseSchema } from "../../../src/gateway/formats/gemini.js";
import { chatCompletionChunkSchema } from "../../../src/gateway/formats/openai.js";
import { parseSSEStream } from "../../../src/gateway/sse/parser.js";
import {
  formatAnthropicSSE,
  formatSSEData,
  SSE_DONE_FRAME,
} from "../../../src/gateway/sse/writer.js";
import { createAnthropicToChatStream } from "../../../src/gateway/translate/anthropic-to-chat-stream.js";
import { createChatToMessagesStream } from "../../../src/gateway/translate/chat-to-messages-stream.js";
import { createGeminiToChatStream } from "../../../src/gateway/translate/gemini-to-chat-stream.js";

const upstreamAnthropic = [
  {
    type: "message_start",
    message: {
      id: "msg_01",
      type: "message",
      role: "assistant",
      content: [],
      model: "claude",
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 1 },
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Let me check" } },
  { type: "content_block_stop", index: 0 },
  {
    type: "content_block_start",
    index: 1,
    content_block: { type: "tool_use", id: "toolu_9", name: "get_weather", input: {} },
  },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: '{"city"' },
  },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "input_json_delta", partial_json: ': "Oslo"}' },
  },
  { type: "content_block_stop", index: 1 },
  {
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 40 },
  },
  { type: "message_stop" },
].map((e) => anthropicStreamEventSchema.parse(e));

const upstreamChunks = [
  { role: "assistant", content: "" },
  { content: "Sunny" },
  { content: " skies" },
  {
    tool_calls: [
      { index: 0, id: "call_7", type: "function", function: { name: "log", arguments: '{"n":' } },
    ],
  },
  { tool_calls: [{ index: 0, function: { arguments: "1}" } }] },
].map((delta) =>
  chatCompletionChunkSchema.parse({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt",
    choices: [{ index: 0, delta, finish_reason: null }],
  }),
);
const finalChunks = [
  {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt",
    choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }],
  },
  {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt",
    choices: [],
    usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
  },
].map((c) => chatCompletionChunkSchema.parse(c));

// Gemini `streamGenerateContent?alt=sse` bytes as the API frames them (CRLF line ends).
const geminiSSE = [
  {
    candidates: [{ content: { parts: [{ text: "Blue" }], role: "model" }, index: 0 }],
    usageMetadata: { promptTokenCount: 6, totalTokenCount: 6 },
    modelVersion: "gemini-2.5-flash",
    responseId: "g1",
  },
  {
    candidates: [
      {
        content: {
          parts: [
            { functionCall: { name: "paint", args: { color: "blue" } }, thoughtSignature: "c2ln" },
          ],
          role: "model",
        },
        finishReason: "STOP",
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 4, totalTokenCount: 10 },
    responseId: "g1",
  },
]
  .map((piece) => `data: ${JSON.stringify(piece)}\r\n\r\n`)
  .join("");

async function geminiAsOpenAIBody(): Promise<string> {
  const stream = createGeminiToChatStream("gemini-via-gateway", { includeUsage: true });
  const chunks = [];
  for await (const record of parseSSEStream([Buffer.from(geminiSSE)])) {
    chunks.push(...stream.push(geminiGenerateContentResponseSchema.parse(JSON.parse(record.data))));
  }
  chunks.push(...stream.finish());
  return chunks.map(formatSSEData).join("") + SSE_DONE_FRAME;
}

function openAIBody(): string {
  const stream = createAnthropicToChatStream("claude-via-gateway", { includeUsage: true });
  const chunks = [...upstreamAnthropic.flatMap((e) => stream.push(e)), ...stream.finish()];
  return chunks.map(formatSSEData).join("") + SSE_DONE_FRAME;
}

function anthropicBody(): string {
  const stream = createChatToMessagesStream("gpt-via-gateway");
  const events = [
    ...[...upstreamChunks, ...finalChunks].flatMap((c) => stream.push(c)),
    ...stream.finish(),
  ];
  return events.map(formatAnthropicSSE).join("");
}

let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const body = req.url?.includes("/messages")
      ? Promise.resolve(anthropicBody())
      : req.url?.includes("/gemini/")
        ? geminiAsOpenAIBody()
        : Promise.resolve(openAIBody());
    body.then(
      (text) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        // Write in small pieces so clients see records split across reads.
        for (let i = 0; i < text.length; i += 7) res.write(text.slice(i, i + 7));
        res.end();
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error), type: "api_error" } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("official SDKs read the translated streams", () => {
  it("openai SDK accumulates text, a tool call and usage from Anthropic events", async () => {
    const client = new OpenAI({ apiKey: "sk-test", baseURL: `${baseURL}/v1`, maxRetries: 0 });
    const runner = client.chat.completions.stream({
      model: "claude-via-gateway",
      messages: [{ role: "user", content: "weather?" }],
      stream_options: { include_usage: true },
    });
    const final = await runner.finalChatCompletion();
    const choice = final.choices[0];
    expect(choice?.message.content).toBe("Let me check");
    expect(choice?.finish_reason).toBe("tool_calls");
    expect(choice?.message.tool_calls?.[0]).toMatchObject({
      id: "toolu_9",
      type: "function",
      function: { name: "get_weather", arguments: '{"city": "Oslo"}' },
    });
    expect(final.usage).toMatchObject({
      prompt_tokens: 30,
      completion_tokens: 40,
      total_tokens: 70,
    });
  });

  it("@anthropic-ai/sdk accumulates text, a tool_use block and usage from OpenAI chunks", async () => {
    const client = new Anthropic({ apiKey: "sk-test", baseURL, maxRetries: 0 });
    const stream = client.messages.stream({
      model: "gpt-via-gateway",
      max_tokens: 100,
      messages: [{ role: "user", content: "weather?" }],
    });
    const texts: string[] = [];
    stream.on("text", (t) => texts.push(t));
    const message = await stream.finalMessage();
    expect(texts.join("")).toBe("Sunny skies");
    expect(message.model).toBe("gpt-via-gateway");
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      expect.objectContaining({ type: "text", text: "Sunny skies" }),
      expect.objectContaining({ type: "tool_use", id: "call_7", name: "log", input: { n: 1 } }),
    ]);
    expect(message.usage).toMatchObject({ input_tokens: 12, output_tokens: 7 });
  });

  it("openai SDK accumulates a Gemini stream (CRLF SSE) with its function call and usage", async () => {
    const client = new OpenAI({
      apiKey: "sk-test",
      baseURL: `${baseURL}/gemini/v1`,
      maxRetries: 0,
    });
    const final = await client.chat.completions
      .stream({ model: "gemini-via-gateway", messages: [{ role: "user", content: "paint" }] })
      .finalChatCompletion();
    const choice = final.choices[0];
    expect(choice?.message.content).toBe("Blue");
    expect(choice?.finish_reason).toBe("tool_calls");
    const call = choice?.message.tool_calls?.[0];
    expect(call?.type === "function" && call.function).toEqual({
      name: "paint",
      arguments: '{"color":"blue"}',
    });
    expect(call?.id).toMatch(/__thought__c2ln$/);
    expect(final.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 4, total_tokens: 10 });
  });
});
