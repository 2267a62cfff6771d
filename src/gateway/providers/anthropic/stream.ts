import { anthropicStreamEventSchema } from "../../formats/anthropic.js";
import { createAnthropicToChatStream } from "../../translate/anthropic-to-chat-stream.js";
import type { JsonObject } from "../types.js";

/** Anthropic stream events → OpenAI chunks (unknown event types, e.g. future ones, are skipped). */
export async function* toChatChunks(
  events: AsyncIterable<JsonObject>,
  model: string,
  includeUsage: boolean,
): AsyncGenerator<JsonObject> {
  const translator = createAnthropicToChatStream(model, { includeUsage });
  for await (const raw of events) {
    const parsed = anthropicStreamEventSchema.safeParse(raw);
    if (!parsed.success) continue;
    for (const chunk of translator.push(parsed.data)) yield chunk as JsonObject;
  }
  for (const chunk of translator.finish()) yield chunk as JsonObject;
}
