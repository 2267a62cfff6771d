import type { ServerResponse } from "node:http";
import { type RecordedRequest, sendJson, sendSSE } from "./fake-upstream.js";

function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const last = [...messages].reverse().find((message) => message.role === "user");
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
}

const usage = { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 };

/** A chat completion in OpenAI's wire format that echoes the last user message. */
export function chatCompletion(model: string, text: string): Record<string, unknown> {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: text },
        finish_reason: "stop",
        logprobs: null,
      },
    ],
    usage,
  };
}

/** OpenAI stream frames for `text`, split in words, ending with usage and `[DONE]`. */
export function chatCompletionFrames(model: string, text: string): string[] {
  const base = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
  };
  const frame = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
  const words = text.split(/(?= )/);
  return [
    frame({
      ...base,
      choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
    }),
    ...words.map((word) =>
      frame({ ...base, choices: [{ index: 0, delta: { content: word }, finish_reason: null }] }),
    ),
    frame({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }),
    frame({ ...base, choices: [], usage }),
    "data: [DONE]\n\n",
  ];
}

/**
 * A fake OpenAI-compatible API: chat (JSON and SSE), completions, embeddings and audio
 * transcriptions, each answering in OpenAI's wire format.
 */
export async function openAIHandler(request: RecordedRequest, res: ServerResponse): Promise<void> {
  const path = request.url.split("?")[0] ?? "";
  if (path.endsWith("/chat/completions")) {
    const body = request.json();
    const text = `echo: ${lastUserText(body)}`;
    const model = String(body.model);
    if (body.stream === true) return sendSSE(res, chatCompletionFrames(model, text));
    return sendJson(res, 200, chatCompletion(model, text));
  }
  if (path.endsWith("/completions")) {
    const body = request.json();
    return sendJson(res, 200, {
      id: "cmpl-fake",
      object: "text_completion",
      created: 1_700_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          text: ` completed ${String(body.prompt)}`,
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage,
    });
  }
  if (path.endsWith("/embeddings")) {
    const body = request.json();
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    return sendJson(res, 200, {
      object: "list",
      model: body.model,
      data: inputs.map((_input: unknown, index: number) => {
        const vector = [0.1 * (index + 1), 0.2, 0.3];
        // Like OpenAI: base64 of little-endian float32 when asked (the SDK asks by default).
        const embedding =
          body.encoding_format === "base64"
            ? Buffer.from(new Float32Array(vector).buffer).toString("base64")
            : vector;
        return { object: "embedding", index, embedding };
      }),
      usage: { prompt_tokens: 4, total_tokens: 4 },
    });
  }
  if (path.endsWith("/audio/transcriptions")) {
    const form = await new Response(request.body, {
      headers: { "content-type": String(request.headers["content-type"]) },
    }).formData();
    const file = form.get("file");
    const name = file instanceof File ? file.name : "?";
    const size = file instanceof Blob ? file.size : 0;
    return sendJson(res, 200, {
      text: `heard ${name} (${size} bytes) with ${String(form.get("model"))} in ${String(form.get("language"))}`,
    });
  }
  sendJson(res, 404, { error: { message: `no route ${path}`, type: "invalid_request_error" } });
}
