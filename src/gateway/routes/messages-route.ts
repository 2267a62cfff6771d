import type { FastifyInstance } from "fastify";
import {
  type AnthropicMessagesRequest,
  anthropicMessagesRequestSchema,
} from "../formats/anthropic.js";
import type { JsonObject } from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { chatToMessagesResponse } from "../translate/chat-to-messages-response.js";
import { createChatToMessagesStream } from "../translate/chat-to-messages-stream.js";
import { messagesToChatRequest } from "../translate/messages-to-chat-request.js";
import { parseRequestBody, toUpstreamBody } from "./parse-body.js";
import { withV1 } from "./paths.js";
import { type ChatTranslation, callViaChat } from "./via-chat.js";

const messagesViaChat: ChatTranslation = {
  toChat: (body, model, ctx) =>
    messagesToChatRequest(body as AnthropicMessagesRequest, model, {
      onDroppedParam: (param) => ctx.logger.debug({ param }, "messages: parameter dropped"),
    }) as JsonObject,
  fromChat: chatToMessagesResponse,
  stream: createChatToMessagesStream,
};

/** Keep Anthropic's own `metadata.user_id`; the rest of `metadata` is the gateway's. */
function withAnthropicMetadata(upstream: JsonObject, body: JsonObject): JsonObject {
  const userId = (body.metadata as JsonObject | undefined)?.user_id;
  return typeof userId === "string" ? { ...upstream, metadata: { user_id: userId } } : upstream;
}

/** `POST /messages` (+ `/v1/messages`): Anthropic's Messages format, to any provider. */
export function registerMessagesRoute(app: FastifyInstance, deps: GatewayDeps): void {
  for (const url of withV1("/messages")) {
    app.post(url, { config: { wireFormat: "anthropic" } }, async (request, reply) => {
      const body = parseRequestBody(anthropicMessagesRequestSchema, request.body, url);
      await runModelCall(deps, request, reply, {
        route: "messages",
        format: "anthropic",
        model: String(body.model),
        body,
        attempt: (finalBody) => (adapter, ctx) => {
          const upstream = withAnthropicMetadata(
            toUpstreamBody(finalBody, ctx.deployment),
            finalBody,
          );
          if (adapter.messages !== undefined) return adapter.messages(upstream, ctx);
          return callViaChat(adapter, upstream, ctx, messagesViaChat);
        },
      });
    });
  }
}
