import type { FastifyInstance } from "fastify";
import { type ResponsesRequest, responsesRequestSchema } from "../formats/openai-responses.js";
import type { JsonObject } from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { chatToResponsesResponse } from "../translate/chat-to-responses-response.js";
import { createChatToResponsesStream } from "../translate/chat-to-responses-stream.js";
import { responsesToChatRequest } from "../translate/responses-to-chat-request.js";
import { parseRequestBody, toUpstreamBody } from "./parse-body.js";
import { withV1 } from "./paths.js";
import { type ChatTranslation, callViaChat } from "./via-chat.js";

const responsesViaChat: ChatTranslation = {
  toChat: (body, model) => responsesToChatRequest(body as ResponsesRequest, model) as JsonObject,
  fromChat: chatToResponsesResponse,
  stream: createChatToResponsesStream,
};

/**
 * `POST /responses` (+ `/v1/responses`): OpenAI's Responses API, native on OpenAI-family
 * providers, translated through chat for the others (Anthropic, Gemini). Guarded like every
 * model route.
 */
export function registerResponsesRoute(app: FastifyInstance, deps: GatewayDeps): void {
  for (const url of withV1("/responses")) {
    app.post(url, async (request, reply) => {
      const body = parseRequestBody(responsesRequestSchema, request.body, url);
      await runModelCall(deps, request, reply, {
        route: "responses",
        format: "responses",
        model: String(body.model),
        body,
        attempt: (finalBody) => (adapter, ctx) => {
          const upstream = toUpstreamBody(finalBody, ctx.deployment);
          if (adapter.responses !== undefined) return adapter.responses(upstream, ctx);
          return callViaChat(adapter, upstream, ctx, responsesViaChat);
        },
      });
    });
  }
}
