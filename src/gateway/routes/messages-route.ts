import type { FastifyInstance } from "fastify";
import { UpstreamError } from "../errors.js";
import {
  type AnthropicMessagesRequest,
  anthropicMessagesRequestSchema,
} from "../formats/anthropic.js";
import { chatCompletionChunkSchema, chatCompletionSchema } from "../formats/openai.js";
import type {
  CallContext,
  JsonObject,
  ProviderAdapter,
  UpstreamResult,
} from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { chatToMessagesResponse } from "../translate/chat-to-messages-response.js";
import { createChatToMessagesStream } from "../translate/chat-to-messages-stream.js";
import { messagesToChatRequest } from "../translate/messages-to-chat-request.js";
import { jsonMethod } from "./adapter-method.js";
import { parseRequestBody, toUpstreamBody } from "./parse-body.js";
import { withV1 } from "./paths.js";

async function* toMessageEvents(chunks: AsyncIterable<JsonObject>, model: string) {
  const translator = createChatToMessagesStream(model);
  for await (const raw of chunks) {
    const chunk = chatCompletionChunkSchema.safeParse(raw);
    if (!chunk.success) continue;
    for (const event of translator.push(chunk.data)) yield event as JsonObject;
  }
  for (const event of translator.finish()) yield event as JsonObject;
}

/** A `/messages` call on a provider without a Messages API: translated to chat and back. */
async function viaChat(
  adapter: ProviderAdapter,
  body: JsonObject,
  ctx: CallContext,
): Promise<UpstreamResult> {
  const model = ctx.deployment.modelId;
  const chat = messagesToChatRequest(body as AnthropicMessagesRequest, model, {
    onDroppedParam: (param) => ctx.logger.debug({ param }, "messages: parameter dropped"),
  });
  const result = await jsonMethod(adapter, "chat")(chat as JsonObject, ctx);
  if (result.stream) return { stream: true, events: toMessageEvents(result.events, model) };
  const parsed = chatCompletionSchema.safeParse(result.body);
  if (!parsed.success) {
    throw new UpstreamError(`${adapter.name}: the answer is not a chat completion`, {
      provider: adapter.name,
      status: 502,
      retryable: false,
    });
  }
  return { stream: false, body: chatToMessagesResponse(parsed.data, model) as JsonObject };
}

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
          return viaChat(adapter, upstream, ctx);
        },
      });
    });
  }
}
