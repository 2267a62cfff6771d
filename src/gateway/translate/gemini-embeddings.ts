/** OpenAI embeddings request/response ↔ Gemini `batchEmbedContents`. */
import type {
  GeminiBatchEmbedContentsRequest,
  GeminiBatchEmbedContentsResponse,
  GeminiEmbedContentResponse,
} from "../formats/gemini.js";
import type { EmbeddingRequest, EmbeddingResponse } from "../formats/openai.js";
import { reportDropped, type TranslateOptions, unsupported } from "./common.js";

const handledParams = new Set(["model", "input", "dimensions", "encoding_format"]);

function textInputs(input: EmbeddingRequest["input"]): string[] {
  if (typeof input === "string") return [input];
  if (input.every((item) => typeof item === "string")) return input as string[];
  throw unsupported("token-id embedding input (send text)", "a Gemini model");
}

/**
 * Translate an OpenAI embeddings request into a Gemini `batchEmbedContents` body (one entry per
 * input text; `dimensions` becomes `outputDimensionality`).
 * @example
 * embeddingsToGeminiRequest({ model: "e", input: ["a", "b"] }, "gemini-embedding-001");
 */
export function embeddingsToGeminiRequest(
  req: EmbeddingRequest,
  modelId: string,
  options: TranslateOptions = {},
): GeminiBatchEmbedContentsRequest {
  reportDropped(req, handledParams, options);
  const model = modelId.startsWith("models/") ? modelId : `models/${modelId}`;
  const requests = textInputs(req.input).map((text) => ({
    model,
    content: { parts: [{ text }] },
    ...(req.dimensions ? { outputDimensionality: req.dimensions } : {}),
  }));
  return { requests };
}

/**
 * Encode a vector as OpenAI's `encoding_format: "base64"` does: little-endian float32 bytes.
 * @example
 * encodeEmbeddingBase64([1, 0]); // "AACAPwAAAAA="
 */
export function encodeEmbeddingBase64(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  for (const [i, value] of values.entries()) bytes.writeFloatLE(value, i * 4);
  return bytes.toString("base64");
}

/**
 * Translate a Gemini `batchEmbedContents` (or `embedContent`) response into OpenAI's list shape.
 * Gemini reports no token counts, so usage is zero.
 * @example
 * geminiToEmbeddingsResponse({ embeddings: [{ values: [0.1, 0.2] }] }, "gemini-embedding");
 */
export function geminiToEmbeddingsResponse(
  res: GeminiBatchEmbedContentsResponse | GeminiEmbedContentResponse,
  model: string,
  encodingFormat: "float" | "base64" = "float",
): EmbeddingResponse {
  const batch = res as Partial<GeminiBatchEmbedContentsResponse>;
  const single = res as Partial<GeminiEmbedContentResponse>;
  const vectors = batch.embeddings ?? (single.embedding ? [single.embedding] : []);
  return {
    object: "list",
    data: vectors.map((vector, index) => ({
      object: "embedding",
      embedding: encodingFormat === "base64" ? encodeEmbeddingBase64(vector.values) : vector.values,
      index,
    })),
    model,
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}
