/**
 * The benchmarks' reference proxy, run as its own process (`node pass-through-proxy.js <port>
 * <upstream base URL>`): a plain `node:http` server that forwards every request's body to the
 * same path on the upstream through a keep-alive `node:http` agent (the client the gateway uses)
 * and answers with the upstream's status, content type and body. No auth, no parsing, no
 * routing: what any Node proxy pays for the two extra hops, measured beside the gateway.
 */
import { Agent, createServer, request } from "node:http";

const port = Number(process.argv[2]);
const upstream = new URL(process.argv[3] ?? "http://127.0.0.1:1");
const agent = new Agent({ keepAlive: true, scheduling: "lifo" });

const server = createServer((incoming, outgoing) => {
  const parts: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => parts.push(chunk));
  incoming.on("end", () => {
    const body = Buffer.concat(parts);
    const call = request(
      {
        agent,
        hostname: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { "content-type": "application/json", "content-length": body.length },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          outgoing.writeHead(answer.statusCode ?? 502, {
            "content-type": answer.headers["content-type"] ?? "application/json",
          });
          outgoing.end(Buffer.concat(chunks));
        });
      },
    );
    call.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    call.end(body);
  });
});
server.listen(port, "127.0.0.1");
// A clean exit on SIGTERM (the bench's stop), so a `--cpu-prof` run writes its profile.
process.on("SIGTERM", () => process.exit(0));
