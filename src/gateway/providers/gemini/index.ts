import { UpstreamError } from "../../errors.js";
import {
  geminiBatchEmbedContentsResponseSchema,
  geminiGenerateContentResponseSchema,
} from "../../formats/gemini.js";
import { chatCompletionRequestSchema, embeddingRequestSchema } from "../../formats/openai.js";
import { chatToGeminiRequest } from "../../translate/chat-to-gemini-request.js";
import {
  embeddingsToGeminiRequest,
  geminiToEmbeddingsResponse,
} from "../../translate/gemini-embeddings.js";
import { geminiToChatResponse } from "../../translate/gemini-to-chat-response.js";
import type { CallContext, JsonObject, ProviderAdapter, UpstreamResult } from "../types.js";
import { readJson, readSSEJson, sendUpstream } from "../upstream.js";
import { geminiHeaders, geminiUrl } from "./api.js";
import { toChatChunks } from "./stream.js";

function badUpstreamBody(what: string): UpstreamError {
  return new UpstreamError(`gemini: the answer is not a ${what} response`, {
    provider: "gemini",
    status: 502,
    retryable: false,
  });
}

function dropped(ctx: CallContext) {
  return (param: string) => ctx.logger.debug({ param }, "gemini: parameter dropped");
}

/**
 * Gemini (`gemini/<model>`): chat completions become `generateContent` /
 * `streamGenerateContent?alt=sse`, embeddings become `batchEmbedContents`, and back.
 */
export const geminiProvider: ProviderAdapter = {
  name: "gemini",
  keyEnv: "GEMINI_API_KEY",
  requiresKey: true,
  requiresApiBase: false,
  async chat(body, ctx): Promise<UpstreamResult> {
    const chat = chatCompletionRequestSchema.parse(body);
    const model = ctx.deployment.modelId;
    const request = chatToGeminiRequest(chat, model, { onDroppedParam: dropped(ctx) });
    const stream = chat.stream === true;
    const url = stream
      ? geminiUrl(ctx, "streamGenerateContent", "?alt=sse")
      : geminiUrl(ctx, "generateContent");
    const headers = geminiHeaders(ctx);
    const response = await sendUpstream(
      { provider: "gemini", url, headers, body: request as JsonObject },
      ctx,
    );
    if (stream) {
      const includeUsage = chat.stream_options?.include_usage === true;
      const events = toChatChunks(readSSEJson(response, "gemini"), model, includeUsage);
      return { stream: true, events };
    }
    const parsed = geminiGenerateContentResponseSchema.safeParse(
      await readJson(response, "gemini"),
    );
    if (!parsed.success) throw badUpstreamBody("generateContent");
    return { stream: false, body: geminiToChatResponse(parsed.data, model) as JsonObject };
  },
  async embedding(body, ctx): Promise<UpstreamResult> {
    const request = embeddingRequestSchema.parse(body);
    const model = ctx.deployment.modelId;
    const geminiRequest = embeddingsToGeminiRequest(request, model, {
      onDroppedParam: dropped(ctx),
    });
    const url = geminiUrl(ctx, "batchEmbedContents");
    const response = await sendUpstream(
      { provider: "gemini", url, headers: geminiHeaders(ctx), body: geminiRequest as JsonObject },
      ctx,
    );
    const parsed = geminiBatchEmbedContentsResponseSchema.safeParse(
      await readJson(response, "gemini"),
    );
    if (!parsed.success) throw badUpstreamBody("batchEmbedContents");
    const format = request.encoding_format === "base64" ? "base64" : "float";
    return {
      stream: false,
      body: geminiToEmbeddingsResponse(parsed.data, model, format) as JsonObject,
    };
  },
};
