import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { chatCompletion } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
  upstreamDeployment,
} from "../gateway/helpers/test-gateway.js";

/**
 * A provider that keeps connections alive but, like any server whose idle timeout fires just as
 * a request arrives, closes a connection when a second request comes on it: the first request on
 * each connection is answered, a later one gets the connection closed before any byte of answer.
 */
async function startClosingUpstream(): Promise<{
  url: string;
  connections: () => number;
  answered: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  let answered = 0;
  const body = JSON.stringify(chatCompletion("gpt-4o-model", "hello"));
  const server = createServer((socket) => {
    connections += 1;
    let requests = 0;
    let buffer = "";
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const length = Number(/content-length:\s*(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.slice(end + 4 + length);
        requests += 1;
        if (requests > 1) {
          socket.destroy();
          return;
        }
        answered += 1;
        socket.write(
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n" +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    answered: () => answered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("gateway reusing a kept-alive upstream connection that the provider has closed", () => {
  let db: TestDatabase;
  let upstream: Awaited<ReturnType<typeof startClosingUpstream>>;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startClosingUpstream();
    running = await startTestGateway(db.db, {
      model_list: [upstreamDeployment("gpt-4o", "openai/gpt-4o-model", upstream.url)],
    });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it("sends the call again on a new connection (num_retries 0): no 502 for a stale socket", async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call += 1) {
      const response = await fetch(`${running.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Each call was answered once, each on its own connection (the closed ones were not reused).
    expect(upstream.answered()).toBe(4);
    expect(upstream.connections()).toBe(4);
  });
});
