import { describe, expect, it } from "vitest";
import {
  chatCompletionChunkSchema,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  completionRequestSchema,
  completionSchema,
  embeddingRequestSchema,
  embeddingResponseSchema,
  openAIErrorSchema,
} from "../../../src/gateway/formats/openai.js";

describe("OpenAI chat request schema", () => {
  it("accepts a full request and keeps fields it does not know", () => {
    const body = {
      model: "gpt-4o",
      messages: [
        { role: "developer", content: "Be helpful." },
        {
          role: "user",
          name: "ann",
          content: [
            { type: "text", text: "Describe" },
            { type: "image_url", image_url: { url: "https://x/y.png", detail: "low" } },
            { type: "input_audio", input_audio: { data: "UklGR", format: "wav" } },
            { type: "file", file: { file_id: "file-abc" } },
          ],
        },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "ok" },
      ],
      tools: [
        { type: "function", function: { name: "f", parameters: { type: "object" }, strict: true } },
      ],
      tool_choice: "auto",
      response_format: {
        type: "json_schema",
        json_schema: { name: "out", schema: { type: "object" }, strict: true },
      },
      stream: true,
      stream_options: { include_usage: true },
      metadata: { team: "search" },
      reasoning_effort: "low",
      prediction: { type: "content", content: "x" },
    };
    const parsed = chatCompletionRequestSchema.parse(body);
    expect(parsed.reasoning_effort).toBe("low");
    expect(parsed.prediction).toEqual({ type: "content", content: "x" });
    expect(parsed.messages).toHaveLength(4);
  });

  it("rejects what it reads when wrong, naming the path", () => {
    const bad = chatCompletionRequestSchema.safeParse({
      model: "gpt-4o",
      messages: [{ role: "user", content: [{ type: "image_url", image_url: {} }] }],
      temperature: 3,
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join("."));
    expect(paths).toContain("temperature");
    expect(paths).toContain("messages.0.content");
    expect(chatCompletionRequestSchema.safeParse({ model: "m", messages: [] }).success).toBe(false);
    expect(
      chatCompletionRequestSchema.safeParse({
        model: "m",
        messages: [{ role: "robot", content: "x" }],
      }).success,
    ).toBe(false);
  });
});

describe("OpenAI response schemas", () => {
  it("parses a chat completion as documented", () => {
    const completion = {
      id: "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
      object: "chat.completion",
      created: 1741569952,
      model: "gpt-4.1-2025-04-14",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "Hello! How can I assist you today?",
            refusal: null,
            annotations: [],
          },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: {
        prompt_tokens: 19,
        completion_tokens: 10,
        total_tokens: 29,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
      service_tier: "default",
    };
    const parsed = chatCompletionSchema.parse(completion);
    expect(parsed.usage?.prompt_tokens_details).toEqual({ cached_tokens: 0, audio_tokens: 0 });
    expect(parsed.service_tier).toBe("default");
  });

  it("parses stream chunks, including a usage chunk with null choices (vLLM)", () => {
    const first = chatCompletionChunkSchema.parse({
      id: "chatcmpl-123",
      object: "chat.completion.chunk",
      created: 1694268190,
      model: "gpt-4o-mini",
      system_fingerprint: "fp_44709d6fcb",
      choices: [
        {
          index: 0,
          delta: { role: "assistant", content: "" },
          logprobs: null,
          finish_reason: null,
        },
      ],
      usage: null,
    });
    expect(first.choices[0]?.delta.role).toBe("assistant");
    const last = chatCompletionChunkSchema.parse({
      id: "x",
      object: "chat.completion.chunk",
      created: 1,
      model: "m",
      choices: null,
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
    expect(last.choices).toEqual([]);
  });

  it("parses completions, embeddings and error bodies", () => {
    expect(
      completionRequestSchema.safeParse({
        model: "gpt-3.5-turbo-instruct",
        prompt: ["a", "b"],
        max_tokens: 7,
        echo: true,
      }).success,
    ).toBe(true);
    expect(completionRequestSchema.safeParse({ model: "m", prompt: [[1, 2], [3]] }).success).toBe(
      true,
    );
    expect(
      completionSchema.safeParse({
        id: "cmpl-uqkvlQyYK7bGYrRHQ0eXlWi7",
        object: "text_completion",
        created: 1589478378,
        model: "gpt-3.5-turbo-instruct",
        choices: [
          { text: "\n\nThis is indeed a test", index: 0, logprobs: null, finish_reason: "length" },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
      }).success,
    ).toBe(true);
    expect(
      embeddingRequestSchema.safeParse({
        model: "text-embedding-3-small",
        input: "hi",
        encoding_format: "base64",
        dimensions: 256,
      }).success,
    ).toBe(true);
    expect(embeddingRequestSchema.safeParse({ model: "m", input: [] }).success).toBe(false);
    expect(
      embeddingResponseSchema.safeParse({
        object: "list",
        data: [{ object: "embedding", embedding: [0.0023064255, -0.009327292], index: 0 }],
        model: "text-embedding-3-small",
        usage: { prompt_tokens: 8, total_tokens: 8 },
      }).success,
    ).toBe(true);
    expect(
      openAIErrorSchema.safeParse({
        error: {
          message: "Incorrect API key provided",
          type: "invalid_request_error",
          param: null,
          code: "invalid_api_key",
        },
      }).success,
    ).toBe(true);
  });

  it("reads other servers' finish reasons onto OpenAI's set", () => {
    const base = { id: "x", object: "chat.completion.chunk", created: 1, model: "m" };
    const reasonOf = (finish: string) =>
      chatCompletionChunkSchema.parse({
        ...base,
        choices: [{ index: 0, delta: {}, finish_reason: finish }],
      }).choices[0]?.finish_reason;
    expect(reasonOf("eos")).toBe("stop");
    expect(reasonOf("model_length")).toBe("length");
    expect(reasonOf("tool_calls")).toBe("tool_calls");
    expect(reasonOf("something_new")).toBe("stop");
  });
});
