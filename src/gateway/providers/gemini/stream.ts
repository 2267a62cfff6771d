import { geminiGenerateContentResponseSchema } from "../../formats/gemini.js";
import { createGeminiToChatStream } from "../../translate/gemini-to-chat-stream.js";
import type { JsonObject } from "../types.js";

/** `streamGenerateContent?alt=sse` payloads → OpenAI chunks. */
export async function* toChatChunks(
  payloads: AsyncIterable<JsonObject>,
  model: string,
  includeUsage: boolean,
): AsyncGenerator<JsonObject> {
  const translator = createGeminiToChatStream(model, { includeUsage });
  for await (const raw of payloads) {
    const parsed = geminiGenerateContentResponseSchema.safeParse(raw);
    if (!parsed.success) continue;
    for (const chunk of translator.push(parsed.data)) yield chunk as JsonObject;
  }
  for (const chunk of translator.finish()) yield chunk as JsonObject;
}
