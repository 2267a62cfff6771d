import { describe, expect, it } from "vitest";
import {
  geminiBatchEmbedContentsRequestSchema,
  geminiBatchEmbedContentsResponseSchema,
  geminiEmbedContentResponseSchema,
  geminiErrorSchema,
  geminiGenerateContentRequestSchema,
  geminiGenerateContentResponseSchema,
} from "../../../src/gateway/formats/gemini.js";

describe("Gemini schemas", () => {
  it("accepts a generateContent request with tools, config and unknown fields", () => {
    const parsed = geminiGenerateContentRequestSchema.parse({
      contents: [
        { role: "user", parts: [{ text: "Turn the lights down" }, { inline_data_unknown: 1 }] },
        { role: "model", parts: [{ functionCall: { name: "dim", args: { level: 2 } } }] },
        { role: "user", parts: [{ functionResponse: { name: "dim", response: { ok: true } } }] },
      ],
      systemInstruction: { parts: [{ text: "You are a lighting system." }] },
      tools: [
        {
          functionDeclarations: [
            { name: "dim", description: "Dim", parameters: { type: "object" } },
          ],
        },
        { googleSearch: {} },
      ],
      toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["dim"] } },
      safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_ONLY_HIGH" }],
      generationConfig: {
        temperature: 1,
        maxOutputTokens: 800,
        thinkingConfig: { thinkingBudget: 0 },
      },
    });
    expect(parsed.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0 });
    expect(
      geminiGenerateContentRequestSchema.safeParse({ contents: [{ parts: "x" }] }).success,
    ).toBe(false);
  });

  it("parses responses, embeddings and errors as the API returns them", () => {
    expect(
      geminiGenerateContentResponseSchema.safeParse({
        candidates: [
          {
            content: { parts: [{ text: "Hi" }], role: "model" },
            finishReason: "STOP",
            safetyRatings: [{ category: "HARM_CATEGORY_HATE_SPEECH", probability: "NEGLIGIBLE" }],
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: 4,
          candidatesTokenCount: 1,
          totalTokenCount: 5,
          promptTokensDetails: [{ modality: "TEXT", tokenCount: 4 }],
        },
        modelVersion: "gemini-2.5-flash",
        responseId: "r1",
      }).success,
    ).toBe(true);
    expect(
      geminiEmbedContentResponseSchema.safeParse({ embedding: { values: [0.1, -0.2] } }).success,
    ).toBe(true);
    expect(
      geminiBatchEmbedContentsResponseSchema.safeParse({
        embeddings: [{ values: [1] }, { values: [2] }],
      }).success,
    ).toBe(true);
    expect(
      geminiBatchEmbedContentsRequestSchema.safeParse({
        requests: [{ content: { parts: [{ text: "a" }] } }],
      }).success,
    ).toBe(false);
    expect(
      geminiErrorSchema.safeParse({
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
        },
      }).success,
    ).toBe(true);
  });
});
