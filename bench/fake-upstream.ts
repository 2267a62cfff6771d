/**
 * The benchmarks' fake provider, run as its own process (`node fake-upstream.js <port>`) so that
 * it does not share an event loop with the load generator: every POST gets one fixed OpenAI chat
 * completion, every GET a 200.
 */
import { createServer } from "node:http";

const answer = JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-4o",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});

const port = Number(process.argv[2]);
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(answer);
  });
});
server.listen(port, "127.0.0.1");
