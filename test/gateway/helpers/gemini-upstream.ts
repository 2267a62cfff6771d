import type { ServerResponse } from "node:http";
import { type RecordedRequest, sendJson, sendSSE } from "./fake-upstream.js";

const usageMetadata = { promptTokenCount: 5, candidatesTokenCount: 2, totalTokenCount: 7 };

function lastUserText(body: Record<string, unknown>): string {
  const contents = (body.contents ?? []) as Array<{
    role: string;
    parts: Array<{ text?: string }>;
  }>;
  const last = [...contents].reverse().find((content) => content.role === "user");
  return (last?.parts ?? []).map((part) => part.text ?? "").join("");
}

function response(text: string, finishReason?: string): Record<string, unknown> {
  return {
    candidates: [
      {
        content: { role: "model", parts: [{ text }] },
        index: 0,
        ...(finishReason === undefined ? {} : { finishReason }),
      },
    ],
    usageMetadata,
    modelVersion: "gemini-2.5-flash",
    responseId: "resp-fake",
  };
}

/**
 * A fake Gemini API: `:generateContent`, `:streamGenerateContent?alt=sse` and
 * `:batchEmbedContents`, in Google's wire format.
 */
export async function geminiHandler(request: RecordedRequest, res: ServerResponse): Promise<void> {
  const path = request.url.split("?")[0] ?? "";
  const body = request.json();
  if (path.endsWith(":generateContent")) {
    return sendJson(res, 200, response(`gemini says: ${lastUserText(body)}`, "STOP"));
  }
  if (path.endsWith(":streamGenerateContent")) {
    const words = `gemini says: ${lastUserText(body)}`.split(/(?= )/);
    const frames = words.map((word, index) => {
      const last = index === words.length - 1;
      return `data: ${JSON.stringify(response(word, last ? "STOP" : undefined))}\r\n\r\n`;
    });
    return sendSSE(res, frames);
  }
  if (path.endsWith(":batchEmbedContents")) {
    const requests = (body.requests ?? []) as unknown[];
    return sendJson(res, 200, {
      embeddings: requests.map((_request, index) => ({ values: [index + 0.5, 0.25] })),
    });
  }
  sendJson(res, 404, { error: { code: 404, message: `no route ${path}`, status: "NOT_FOUND" } });
}
