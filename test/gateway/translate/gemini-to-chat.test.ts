import { describe, expect, it } from "vitest";
import {
  geminiBatchEmbedContentsRequestSchema,
  geminiGenerateContentResponseSchema,
} from "../../../src/gateway/formats/gemini.js";
import {
  chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  embeddingRequestSchema,
  embeddingResponseSchema,
} from "../../../src/gateway/formats/openai.js";
import { chatToGeminiRequest } from "../../../src/gateway/translate/chat-to-gemini-request.js";
import {
  embeddingsToGeminiRequest,
  encodeEmbeddingBase64,
  geminiToEmbeddingsResponse,
} from "../../../src/gateway/translate/gemini-embeddings.js";
import { geminiToChatResponse } from "../../../src/gateway/translate/gemini-to-chat-response.js";
import { createGeminiToChatStream } from "../../../src/gateway/translate/gemini-to-chat-stream.js";

const parseRes = (body: unknown) => geminiGenerateContentResponseSchema.parse(body);

describe("geminiToChatResponse", () => {
  it("maps text, usage and STOP", () => {
    const out = geminiToChatResponse(
      parseRes({
        candidates: [
          {
            content: { parts: [{ text: "Hello there." }], role: "model" },
            finishReason: "STOP",
            avgLogprobs: -0.1,
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 8,
          candidatesTokenCount: 3,
          totalTokenCount: 15,
          thoughtsTokenCount: 4,
        },
        modelVersion: "gemini-2.5-flash",
        responseId: "mAitaLmkHPPlz7IPvtfUqQ4",
      }),
      "gemini-flash",
    );
    expect(chatCompletionSchema.safeParse(out).success).toBe(true);
    expect(out.id).toBe("chatcmpl-mAitaLmkHPPlz7IPvtfUqQ4");
    expect(out.choices).toEqual([
      {
        index: 0,
        logprobs: null,
        finish_reason: "stop",
        message: { role: "assistant", content: "Hello there." },
      },
    ]);
    expect(out.usage).toEqual({
      prompt_tokens: 8,
      completion_tokens: 7,
      total_tokens: 15,
      completion_tokens_details: { reasoning_tokens: 4 },
    });
  });

  it("maps function calls to tool_calls with finish_reason tool_calls", () => {
    const out = geminiToChatResponse(
      parseRes({
        candidates: [
          {
            content: {
              role: "model",
              parts: [
                {
                  functionCall: { name: "set_light", args: { brightness: 25, color_temp: "warm" } },
                },
              ],
            },
            finishReason: "STOP",
          },
        ],
        usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 10, totalTokenCount: 50 },
      }),
      "g",
    );
    const message = out.choices[0]?.message;
    expect(message?.content).toBeNull();
    expect(message?.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "set_light", arguments: '{"brightness":25,"color_temp":"warm"}' },
      },
    ]);
    expect(out.choices[0]?.finish_reason).toBe("tool_calls");
  });

  it.each([
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content_filter"],
    ["RECITATION", "content_filter"],
    ["OTHER", "stop"],
  ])("maps finishReason %s to %s", (reason, finish) => {
    const out = geminiToChatResponse(
      parseRes({
        candidates: [{ content: { role: "model", parts: [{ text: "…" }] }, finishReason: reason }],
      }),
      "g",
    );
    expect(out.choices[0]?.finish_reason).toBe(finish);
  });

  it("reports a blocked prompt as content_filter", () => {
    const out = geminiToChatResponse(
      parseRes({
        promptFeedback: { blockReason: "SAFETY" },
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      }),
      "g",
    );
    expect(out.choices[0]?.finish_reason).toBe("content_filter");
    expect(out.usage).toEqual({ prompt_tokens: 5, completion_tokens: 0, total_tokens: 5 });
  });
});

describe("createGeminiToChatStream", () => {
  it("streams text pieces, then finish and usage chunks", () => {
    const pieces = [
      {
        candidates: [{ content: { parts: [{ text: "The" }], role: "model" }, index: 0 }],
        usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
        modelVersion: "gemini-2.5-flash",
        responseId: "abc",
      },
      {
        candidates: [{ content: { parts: [{ text: " sky is" }], role: "model" }, index: 0 }],
        usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
        responseId: "abc",
      },
      {
        candidates: [
          {
            content: { parts: [{ text: " blue." }], role: "model" },
            finishReason: "STOP",
            index: 0,
          },
        ],
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 5, totalTokenCount: 14 },
        responseId: "abc",
      },
    ].map(parseRes);
    const stream = createGeminiToChatStream("gemini-flash", { includeUsage: true });
    const chunks = [...pieces.flatMap((p) => stream.push(p)), ...stream.finish()];
    for (const chunk of chunks)
      expect(chatCompletionChunkSchema.safeParse(chunk).success).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta)).toEqual([
      { role: "assistant", content: "The" },
      { content: " sky is" },
      { content: " blue." },
      {},
      undefined,
    ]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe("stop");
    expect(chunks[4]?.usage).toEqual({ prompt_tokens: 9, completion_tokens: 5, total_tokens: 14 });
    expect(chunks.every((c) => c.id === "chatcmpl-abc")).toBe(true);
  });

  it("streams function calls as complete tool-call deltas", () => {
    const stream = createGeminiToChatStream("g");
    const chunks = [
      ...stream.push(
        parseRes({
          candidates: [
            {
              content: {
                role: "model",
                parts: [
                  { functionCall: { name: "a", args: { x: 1 } } },
                  { functionCall: { name: "b", args: {} } },
                ],
              },
              finishReason: "STOP",
            },
          ],
        }),
      ),
      ...stream.finish(),
    ];
    expect(chunks).toHaveLength(2);
    expect(chunks[0]?.choices[0]?.delta.tool_calls).toEqual([
      {
        index: 0,
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "a", arguments: '{"x":1}' },
      },
      {
        index: 1,
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "b", arguments: "{}" },
      },
    ]);
    expect(chunks[1]?.choices[0]?.finish_reason).toBe("tool_calls");
  });
});

describe("Gemini embeddings", () => {
  it("builds batchEmbedContents from OpenAI input and maps the response back", () => {
    const req = embeddingRequestSchema.parse({
      model: "emb",
      input: ["first", "second"],
      dimensions: 3,
    });
    const body = embeddingsToGeminiRequest(req, "gemini-embedding-001");
    expect(geminiBatchEmbedContentsRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      requests: [
        {
          model: "models/gemini-embedding-001",
          content: { parts: [{ text: "first" }] },
          outputDimensionality: 3,
        },
        {
          model: "models/gemini-embedding-001",
          content: { parts: [{ text: "second" }] },
          outputDimensionality: 3,
        },
      ],
    });
    const out = geminiToEmbeddingsResponse(
      { embeddings: [{ values: [0.1, 0.2, 0.3] }, { values: [1, 0, -1] }] },
      "emb",
    );
    expect(embeddingResponseSchema.safeParse(out).success).toBe(true);
    expect(out.data).toEqual([
      { object: "embedding", embedding: [0.1, 0.2, 0.3], index: 0 },
      { object: "embedding", embedding: [1, 0, -1], index: 1 },
    ]);
  });

  it("encodes base64 as little-endian float32 and accepts a single embedContent response", () => {
    const out = geminiToEmbeddingsResponse({ embedding: { values: [1, 0.5] } }, "emb", "base64");
    const encoded = out.data[0]?.embedding as string;
    expect(encoded).toBe(encodeEmbeddingBase64([1, 0.5]));
    const bytes = Buffer.from(encoded, "base64");
    expect([bytes.readFloatLE(0), bytes.readFloatLE(4)]).toEqual([1, 0.5]);
  });

  it("rejects token-id input for Gemini", () => {
    const req = embeddingRequestSchema.parse({ model: "emb", input: [1, 2, 3] });
    expect(() => embeddingsToGeminiRequest(req, "g")).toThrow(/token-id/);
  });
});

describe("Gemini thought signatures", () => {
  it("carry a function call's thoughtSignature through the tool call id and back", () => {
    const reply = geminiToChatResponse(
      parseRes({
        candidates: [
          {
            content: {
              role: "model",
              parts: [
                {
                  functionCall: { name: "check_flight", args: { flight: "AA100" } },
                  thoughtSignature: "CiQBcsjafE+sig/==",
                },
              ],
            },
            finishReason: "STOP",
          },
        ],
      }),
      "gemini-3-pro",
    );
    const call = reply.choices[0]?.message.tool_calls?.[0];
    expect(call?.id).toMatch(/^call_[0-9a-f]+__thought__CiQBcsjafE\+sig\/==$/);
    const next = chatToGeminiRequest(
      chatCompletionRequestSchema.parse({
        model: "g",
        messages: [
          { role: "user", content: "Is AA100 on time?" },
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: call?.id, content: '{"status":"delayed"}' },
        ],
      }),
      "gemini-3-pro",
    );
    expect(next.contents[1]).toEqual({
      role: "model",
      parts: [
        {
          functionCall: { name: "check_flight", args: { flight: "AA100" } },
          thoughtSignature: "CiQBcsjafE+sig/==",
        },
      ],
    });
    expect(next.contents[2]?.parts[0]?.functionResponse).toEqual({
      name: "check_flight",
      response: { status: "delayed" },
    });
  });
});
