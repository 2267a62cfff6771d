/**
 * A `/messages` call routed to a Gemini model goes through the OpenAI shape both ways:
 * messagesToChatRequest → chatToGeminiRequest, and geminiToChatResponse → chatToMessagesResponse
 * (streams: createGeminiToChatStream → createChatToMessagesStream).
 */
import { describe, expect, it } from "vitest";
import {
  anthropicMessageSchema,
  anthropicMessagesRequestSchema,
  anthropicStreamEventSchema,
} from "../../../src/gateway/formats/anthropic.js";
import { geminiGenerateContentResponseSchema } from "../../../src/gateway/formats/gemini.js";
import {
  chatToGeminiRequest,
  chatToMessagesResponse,
  createChatToMessagesStream,
  createGeminiToChatStream,
  geminiToChatResponse,
  messagesToChatRequest,
} from "../../../src/gateway/translate/index.js";

const anthropicRequest = anthropicMessagesRequestSchema.parse({
  model: "gemini-via-messages",
  max_tokens: 512,
  system: "You control the lights.",
  stream: true,
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "Dim the lights." },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } },
      ],
    },
    {
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_1", name: "set_light", input: { brightness: 20 } }],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_1", content: '{"ok":true}' }],
    },
  ],
  tools: [
    {
      name: "set_light",
      description: "Set brightness",
      input_schema: {
        type: "object",
        properties: { brightness: { type: "integer" } },
        required: ["brightness"],
      },
    },
  ],
  tool_choice: { type: "auto" },
});

describe("/messages to a Gemini model", () => {
  it("builds the Gemini request through the OpenAI shape", () => {
    const gemini = chatToGeminiRequest(
      messagesToChatRequest(anthropicRequest, "gemini-2.5-flash"),
      "gemini-2.5-flash",
    );
    expect(gemini).toEqual({
      systemInstruction: { parts: [{ text: "You control the lights." }] },
      contents: [
        {
          role: "user",
          parts: [
            { text: "Dim the lights." },
            { inlineData: { mimeType: "image/png", data: "iVBOR" } },
          ],
        },
        {
          role: "model",
          parts: [{ functionCall: { name: "set_light", args: { brightness: 20 } } }],
        },
        {
          role: "user",
          parts: [{ functionResponse: { name: "set_light", response: { ok: true } } }],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: "set_light",
              description: "Set brightness",
              parameters: {
                type: "object",
                properties: { brightness: { type: "integer" } },
                required: ["brightness"],
              },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: "AUTO" } },
      generationConfig: { maxOutputTokens: 512 },
    });
  });

  it("turns a Gemini reply into an Anthropic message", () => {
    const reply = geminiGenerateContentResponseSchema.parse({
      candidates: [
        {
          content: { role: "model", parts: [{ text: "Done, lights at 20%." }] },
          finishReason: "STOP",
        },
      ],
      usageMetadata: { promptTokenCount: 60, candidatesTokenCount: 8, totalTokenCount: 68 },
    });
    const message = chatToMessagesResponse(
      geminiToChatResponse(reply, "gemini-via-messages"),
      "gemini-via-messages",
    );
    expect(anthropicMessageSchema.safeParse(message).success).toBe(true);
    expect(message).toMatchObject({
      model: "gemini-via-messages",
      content: [{ type: "text", text: "Done, lights at 20%." }],
      stop_reason: "end_turn",
      usage: { input_tokens: 60, output_tokens: 8 },
    });
  });

  it("turns a Gemini stream with a function call into Anthropic events", () => {
    const toChat = createGeminiToChatStream("gemini-via-messages", { includeUsage: true });
    const toMessages = createChatToMessagesStream("gemini-via-messages");
    const pieces = [
      { candidates: [{ content: { role: "model", parts: [{ text: "Setting" }] } }] },
      {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ functionCall: { name: "set_light", args: { brightness: 5 } } }],
            },
            finishReason: "STOP",
          },
        ],
        usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 6, totalTokenCount: 36 },
      },
    ].map((p) => geminiGenerateContentResponseSchema.parse(p));
    const chunks = [...pieces.flatMap((p) => toChat.push(p)), ...toChat.finish()];
    const events = [...chunks.flatMap((c) => toMessages.push(c)), ...toMessages.finish()];
    for (const event of events)
      expect(anthropicStreamEventSchema.safeParse(event).success).toBe(true);
    expect(events.map((e) => e.type)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(events[4]).toMatchObject({ content_block: { type: "tool_use", name: "set_light" } });
    expect(events[5]).toMatchObject({
      delta: { type: "input_json_delta", partial_json: '{"brightness":5}' },
    });
    expect(events[7]).toEqual({
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: { input_tokens: 30, output_tokens: 6 },
    });
  });
});
