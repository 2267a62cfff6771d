import type { HttpClient, HttpResponse } from "./client.js";

async function* bodyChunks(response: Response): AsyncGenerator<Uint8Array> {
  if (response.body === null) return;
  for await (const chunk of response.body) yield chunk;
}

/** An {@link HttpClient} over a `fetch` function (the `fetch` option of `createGateway`). */
export function fetchHttpClient(fetchImpl: typeof fetch): HttpClient {
  return {
    async request(url, init) {
      const response = await fetchImpl(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
      });
      const answer: HttpResponse = {
        status: response.status,
        ok: response.ok,
        header: (name) => response.headers.get(name) ?? undefined,
        text: () => response.text(),
        chunks: () => bodyChunks(response),
      };
      return answer;
    },
    close() {},
  };
}
