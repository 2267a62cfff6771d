import { UpstreamError } from "../errors.js";
import {
  type ChatCompletion,
  type ChatCompletionChunk,
  chatCompletionChunkSchema,
  chatCompletionSchema,
} from "../formats/openai.js";
import type {
  CallContext,
  JsonObject,
  ProviderAdapter,
  UpstreamResult,
} from "../providers/types.js";
import { jsonMethod } from "./adapter-method.js";

/** How one wire format goes to chat completions and back (Messages, Responses). */
export interface ChatTranslation {
  toChat(body: JsonObject, model: string, ctx: CallContext): JsonObject;
  fromChat(completion: ChatCompletion, model: string): unknown;
  stream(model: string): {
    push(chunk: ChatCompletionChunk): Iterable<unknown>;
    finish(): Iterable<unknown>;
  };
}

async function* translateChunks(
  chunks: AsyncIterable<JsonObject>,
  stream: ReturnType<ChatTranslation["stream"]>,
): AsyncGenerator<JsonObject> {
  for await (const raw of chunks) {
    const chunk = chatCompletionChunkSchema.safeParse(raw);
    if (!chunk.success) continue;
    for (const event of stream.push(chunk.data)) yield event as JsonObject;
  }
  for (const event of stream.finish()) yield event as JsonObject;
}

/**
 * A call in another wire format on a provider that only speaks chat completions: translated to
 * chat, sent, and the answer (or its stream) translated back.
 */
export async function callViaChat(
  adapter: ProviderAdapter,
  body: JsonObject,
  ctx: CallContext,
  translation: ChatTranslation,
): Promise<UpstreamResult> {
  const model = ctx.deployment.modelId;
  const chat = translation.toChat(body, model, ctx);
  const result = await jsonMethod(adapter, "chat")(chat, ctx);
  if (result.stream) {
    return { stream: true, events: translateChunks(result.events, translation.stream(model)) };
  }
  const parsed = chatCompletionSchema.safeParse(result.body);
  if (!parsed.success) {
    throw new UpstreamError(`${adapter.name}: the answer is not a chat completion`, {
      provider: adapter.name,
      status: 502,
      retryable: false,
    });
  }
  return { stream: false, body: translation.fromChat(parsed.data, model) as JsonObject };
}
