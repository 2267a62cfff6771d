/**
 * The benchmarks' fake provider, run as its own process (`node fake-upstream.js <port>
 * [<ms between streamed words>]`) so that it does not share an event loop with the load generator:
 * every POST gets one fixed OpenAI chat completion (streamed word by word when the body asks for
 * `"stream":true`), every GET a 200.
 */
import { createServer, type ServerResponse } from "node:http";

const answer = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});

/** The streamed answer: three sentences, as a model writes them, one word per chunk. */
const streamedWords =
  "Paris is the capital of France. It lies on the Seine in the north of the country. About two million people live in the city itself.".split(
    /(?= )/,
  );

const port = Number(process.argv[2]);
const wordGapMs = Number(process.argv[3] ?? 10);

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  const choices = [{ index: 0, delta, finish_reason: finish }];
  const payload = {
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-4o",
    choices,
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

async function stream(response: ServerResponse): Promise<void> {
  response.writeHead(200, { "content-type": "text/event-stream" });
  response.write(chunk({ role: "assistant", content: "" }));
  for (const word of streamedWords) {
    await new Promise((resolve) => setTimeout(resolve, wordGapMs));
    if (response.destroyed) return;
    response.write(chunk({ content: word }));
  }
  response.write(chunk({}, "stop"));
  response.end("data: [DONE]\n\n");
}

const server = createServer((request, response) => {
  let body = "";
  request.setEncoding("utf8");
  request.on("data", (part: string) => {
    body += part;
  });
  request.on("end", () => {
    if (/"stream"\s*:\s*true/.test(body)) {
      void stream(response);
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(answer);
  });
});
server.listen(port, "127.0.0.1");
