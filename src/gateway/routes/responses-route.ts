import type { FastifyInstance } from "fastify";
import { UpstreamError } from "../errors.js";
import { chatCompletionChunkSchema, chatCompletionSchema } from "../formats/openai.js";
import { type ResponsesRequest, responsesRequestSchema } from "../formats/openai-responses.js";
import type {
  CallContext,
  JsonObject,
  ProviderAdapter,
  UpstreamResult,
} from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { chatToResponsesResponse } from "../translate/chat-to-responses-response.js";
import { createChatToResponsesStream } from "../translate/chat-to-responses-stream.js";
import { responsesToChatRequest } from "../translate/responses-to-chat-request.js";
import { jsonMethod } from "./adapter-method.js";
import { parseRequestBody, toUpstreamBody } from "./parse-body.js";
import { withV1 } from "./paths.js";

async function* toResponsesEvents(chunks: AsyncIterable<JsonObject>, model: string) {
  const translator = createChatToResponsesStream(model);
  for await (const raw of chunks) {
    const chunk = chatCompletionChunkSchema.safeParse(raw);
    if (!chunk.success) continue;
    yield* translator.push(chunk.data);
  }
  yield* translator.finish();
}

/** A `/responses` call on a provider without the Responses API: translated to chat and back. */
async function viaChat(
  adapter: ProviderAdapter,
  body: JsonObject,
  ctx: CallContext,
): Promise<UpstreamResult> {
  const model = ctx.deployment.modelId;
  const chat = responsesToChatRequest(body as ResponsesRequest, model);
  const result = await jsonMethod(adapter, "chat")(chat, ctx);
  if (result.stream) return { stream: true, events: toResponsesEvents(result.events, model) };
  const parsed = chatCompletionSchema.safeParse(result.body);
  if (!parsed.success) {
    throw new UpstreamError(`${adapter.name}: the answer is not a chat completion`, {
      provider: adapter.name,
      status: 502,
      retryable: false,
    });
  }
  return { stream: false, body: chatToResponsesResponse(parsed.data, model) as JsonObject };
}

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
          return viaChat(adapter, upstream, ctx);
        },
      });
    });
  }
}
