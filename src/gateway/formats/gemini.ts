/**
 * Gemini API wire formats (generateContent, streamGenerateContent, embedContent,
 * batchEmbedContents, errors) as zod 4 schemas. Objects are loose so new fields pass through.
 */
import { z } from "zod";

/** One part of a Gemini content: text, inline or file data, a function call or response. */
export const geminiPartSchema = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() }).optional(),
  functionCall: z
    .looseObject({
      id: z.string().optional(),
      name: z.string(),
      args: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  functionResponse: z
    .looseObject({
      id: z.string().optional(),
      name: z.string(),
      response: z.record(z.string(), z.unknown()),
    })
    .optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
});
export type GeminiPart = z.infer<typeof geminiPartSchema>;

/** A turn: role and parts. */
export const geminiContentSchema = z.looseObject({
  /** `user` or `model` (older clients also send `function`). */
  role: z.string().optional(),
  parts: z.array(geminiPartSchema),
});
export type GeminiContent = z.infer<typeof geminiContentSchema>;

/** A function the model may call (`parameters` is Gemini's OpenAPI-subset schema). */
export const geminiFunctionDeclarationSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  parametersJsonSchema: z.unknown().optional(),
});
export type GeminiFunctionDeclaration = z.infer<typeof geminiFunctionDeclarationSchema>;

/** A tool entry (function declarations; built-in tools pass through). */
export const geminiToolSchema = z.looseObject({
  functionDeclarations: z.array(geminiFunctionDeclarationSchema).optional(),
});
export type GeminiTool = z.infer<typeof geminiToolSchema>;

/** Function-calling mode and allowed function names. */
export const geminiToolConfigSchema = z.looseObject({
  functionCallingConfig: z.looseObject({
    mode: z.enum(["MODE_UNSPECIFIED", "AUTO", "ANY", "NONE", "VALIDATED"]).optional(),
    allowedFunctionNames: z.array(z.string()).optional(),
  }),
});
export type GeminiToolConfig = z.infer<typeof geminiToolConfigSchema>;

/** Sampling and output settings. */
export const geminiGenerationConfigSchema = z.looseObject({
  stopSequences: z.array(z.string()).optional(),
  responseMimeType: z.string().optional(),
  responseSchema: z.unknown().optional(),
  responseJsonSchema: z.unknown().optional(),
  candidateCount: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().optional(),
  seed: z.number().int().optional(),
  presencePenalty: z.number().optional(),
  frequencyPenalty: z.number().optional(),
});
export type GeminiGenerationConfig = z.infer<typeof geminiGenerationConfigSchema>;

/** `models/{model}:generateContent` (and `:streamGenerateContent`) request body. */
export const geminiGenerateContentRequestSchema = z.looseObject({
  contents: z.array(geminiContentSchema),
  systemInstruction: geminiContentSchema.optional(),
  tools: z.array(geminiToolSchema).optional(),
  toolConfig: geminiToolConfigSchema.optional(),
  safetySettings: z
    .array(z.looseObject({ category: z.string(), threshold: z.string() }))
    .optional(),
  generationConfig: geminiGenerationConfigSchema.optional(),
  cachedContent: z.string().optional(),
});
export type GeminiGenerateContentRequest = z.infer<typeof geminiGenerateContentRequestSchema>;

/** Token counts (the last streamed piece carries the totals). */
export const geminiUsageMetadataSchema = z.looseObject({
  promptTokenCount: z.number().int().optional(),
  candidatesTokenCount: z.number().int().optional(),
  totalTokenCount: z.number().int().optional(),
  thoughtsTokenCount: z.number().int().optional(),
  cachedContentTokenCount: z.number().int().optional(),
});
export type GeminiUsageMetadata = z.infer<typeof geminiUsageMetadataSchema>;

/** One generated candidate. */
export const geminiCandidateSchema = z.looseObject({
  content: geminiContentSchema.partial().optional(),
  finishReason: z.string().optional(),
  index: z.number().int().optional(),
  safetyRatings: z.array(z.unknown()).optional(),
});
export type GeminiCandidate = z.infer<typeof geminiCandidateSchema>;

/** `GenerateContentResponse`: the whole reply, or one streamed piece of it. */
export const geminiGenerateContentResponseSchema = z.looseObject({
  candidates: z.array(geminiCandidateSchema).optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  usageMetadata: geminiUsageMetadataSchema.optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});
export type GeminiGenerateContentResponse = z.infer<typeof geminiGenerateContentResponseSchema>;

/** `models/{model}:embedContent` request body (also one entry of a batch). */
export const geminiEmbedContentRequestSchema = z.looseObject({
  model: z.string().optional(),
  content: geminiContentSchema,
  taskType: z.string().optional(),
  title: z.string().optional(),
  outputDimensionality: z.number().int().positive().optional(),
});
export type GeminiEmbedContentRequest = z.infer<typeof geminiEmbedContentRequestSchema>;

/** One embedding vector. */
export const geminiContentEmbeddingSchema = z.looseObject({ values: z.array(z.number()) });

/** `models/{model}:embedContent` response. */
export const geminiEmbedContentResponseSchema = z.looseObject({
  embedding: geminiContentEmbeddingSchema,
});
export type GeminiEmbedContentResponse = z.infer<typeof geminiEmbedContentResponseSchema>;

/** `models/{model}:batchEmbedContents` request body; each entry names its model. */
export const geminiBatchEmbedContentsRequestSchema = z.looseObject({
  requests: z.array(geminiEmbedContentRequestSchema.extend({ model: z.string() })).min(1),
});
export type GeminiBatchEmbedContentsRequest = z.infer<typeof geminiBatchEmbedContentsRequestSchema>;

/** `models/{model}:batchEmbedContents` response. */
export const geminiBatchEmbedContentsResponseSchema = z.looseObject({
  embeddings: z.array(geminiContentEmbeddingSchema),
});
export type GeminiBatchEmbedContentsResponse = z.infer<
  typeof geminiBatchEmbedContentsResponseSchema
>;

/** Google API error body: `{"error": {"code", "message", "status"}}`. */
export const geminiErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().int(),
    message: z.string(),
    status: z.string().optional(),
  }),
});
export type GeminiError = z.infer<typeof geminiErrorSchema>;
