import { UpstreamError } from "../../errors.js";
import { anthropicMessageSchema } from "../../formats/anthropic.js";
import { chatCompletionRequestSchema } from "../../formats/openai.js";
import { anthropicToChatResponse } from "../../translate/anthropic-to-chat-response.js";
import { chatToAnthropicRequest } from "../../translate/chat-to-anthropic-request.js";
import type { CallContext, JsonObject, ProviderAdapter, UpstreamResult } from "../types.js";
import { readJson, readJsonAnswer, readSSEJson, sendUpstream } from "../upstream.js";
import { anthropicHeaders, messagesUrl } from "./api.js";
import { toChatChunks } from "./stream.js";

async function callMessages(body: JsonObject, ctx: CallContext) {
  const request = {
    provider: "anthropic",
    url: messagesUrl(ctx),
    headers: anthropicHeaders(ctx),
    body,
  };
  return sendUpstream(request, ctx);
}

function badUpstreamBody(): UpstreamError {
  return new UpstreamError("anthropic: the answer is not a Messages API message", {
    provider: "anthropic",
    status: 502,
    retryable: false,
  });
}

/**
 * Anthropic (`anthropic/<model>`): `/messages` calls go through natively; chat-completion calls
 * are translated to the Messages API and back, streams included.
 */
export const anthropicProvider: ProviderAdapter = {
  name: "anthropic",
  keyEnv: "ANTHROPIC_API_KEY",
  requiresKey: true,
  requiresApiBase: false,
  async messages(body, ctx): Promise<UpstreamResult> {
    const response = await callMessages(body, ctx);
    if (body.stream === true) return { stream: true, events: readSSEJson(response, "anthropic") };
    const answer = await readJsonAnswer(response, "anthropic");
    return { stream: false, body: answer.body, text: answer.text };
  },
  async chat(body, ctx): Promise<UpstreamResult> {
    const chat = chatCompletionRequestSchema.parse(body);
    const request = chatToAnthropicRequest(chat, ctx.deployment.modelId, {
      onDroppedParam: (param) => ctx.logger.debug({ param }, "anthropic: parameter dropped"),
    });
    const response = await callMessages(request as JsonObject, ctx);
    const model = ctx.deployment.modelId;
    if (chat.stream === true) {
      const includeUsage = chat.stream_options?.include_usage === true;
      const events = toChatChunks(readSSEJson(response, "anthropic"), model, includeUsage);
      return { stream: true, events };
    }
    const parsed = anthropicMessageSchema.safeParse(await readJson(response, "anthropic"));
    if (!parsed.success) throw badUpstreamBody();
    return { stream: false, body: anthropicToChatResponse(parsed.data, model) as JsonObject };
  },
};
