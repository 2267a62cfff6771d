import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A word's slot in the vector: a stable hash. */
function slot(word: string, dims: number): number {
  let hash = 2166136261;
  for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return Math.abs(hash) % dims;
}

/** A bag-of-words vector, normalised: texts that share words are near. */
export function bagOfWords(text: string, dims = 64): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) vector[slot(word, dims)]! += 1;
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/**
 * A fake OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`), in OpenAI's wire format,
 * on 127.0.0.1. It counts requests and texts, and answers the first `failures` requests with the
 * status given (a 429 with `retry-after: 0`, or a 500).
 */
export async function startFakeEmbeddings(
  options: { failures?: number; failStatus?: number } = {},
) {
  const seen = { requests: 0, texts: 0, failed: 0, authorization: [] as string[] };
  let failures = options.failures ?? 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      seen.authorization.push(request.headers.authorization ?? "");
      if (request.method !== "POST" || request.url !== "/v1/embeddings") {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }),
        );
        return;
      }
      if (failures > 0) {
        failures -= 1;
        seen.failed += 1;
        response.writeHead(options.failStatus ?? 500, {
          "content-type": "application/json",
          "retry-after": "0",
        });
        response.end(JSON.stringify({ error: { message: "try again", type: "server_error" } }));
        return;
      }
      const { model, input } = JSON.parse(body) as { model: string; input: string[] };
      seen.requests += 1;
      seen.texts += input.length;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          object: "list",
          data: input.map((text, index) => ({
            object: "embedding",
            index,
            embedding: bagOfWords(text),
          })),
          model,
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
