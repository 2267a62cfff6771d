import type { Server } from "node:http";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { createGateway } from "../../src/gateway/create-gateway.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { masterKey } from "../gateway/helpers/test-gateway.js";

/** Node's own default, which fastify turns off (`requestTimeout: 0`) unless it is set. */
const nodeDefaultRequestTimeout = 300_000;

interface Served {
  app: FastifyInstance;
  /** Listen on 127.0.0.1:0 and return the port. */
  listen(): Promise<number>;
  healthPath: string;
  close(): Promise<void>;
}

/**
 * Send the headers of a POST announcing 1,000 bytes, then 10 bytes, then nothing: resolves with
 * what the server wrote once it closed the connection (it never closes without a request timeout,
 * and the test's own time limit fails it).
 */
function stallBody(port: number, path: string): Promise<{ answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ answer }));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${masterKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"prompt":',
    );
  });
}

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestPGlite();
});
afterAll(async () => {
  await db?.dispose();
});

/** The body of a raw HTTP answer (after the blank line), parsed. */
const bodyOf = (answer: string): unknown =>
  JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

const servers: Array<[string, string, () => Promise<Served>, (body: unknown) => void]> = [
  [
    "guard API",
    "/analyze/prompt",
    async () => {
      const app = await createGuardApi({
        config: { app: { scan_threads: 1 }, input_scanners: [{ type: "InvisibleText" }] },
        logger: silentLogger,
      });
      return {
        app,
        healthPath: "/healthz",
        async listen() {
          await app.listen({ host: "127.0.0.1", port: 0 });
          return (app.server.address() as { port: number }).port;
        },
        close: () => app.close(),
      };
    },
    (body) =>
      expect(body).toEqual({ message: "The request did not arrive in time.", details: null }),
  ],
  [
    "gateway",
    "/v1/chat/completions",
    async () => {
      const gateway = await createGateway({
        config: {
          model_list: [
            {
              model_name: "gpt-4o",
              gateway_params: { model: "openai/gpt-4o", api_key: "sk-up" },
            },
          ],
          general_settings: { master_key: masterKey },
        },
        database: db.db,
        env: {},
        logger: silentLogger,
      });
      return {
        app: gateway.app,
        healthPath: "/health/liveliness",
        async listen() {
          const url = await gateway.listen({ host: "127.0.0.1", port: 0 });
          return Number(new URL(url).port);
        },
        close: () => gateway.close(),
      };
    },
    (body) =>
      expect(body).toEqual({
        error: {
          message: "The request did not arrive in time.",
          type: expect.any(String),
          param: null,
          code: "http_408",
        },
      }),
  ],
];

describe.each(servers)("%s request timeout", (_name, path, start, expectShape) => {
  let served: Served;
  beforeAll(async () => {
    served = await start();
  });
  afterAll(async () => {
    await served?.close();
  });

  it("bounds the time a request may take to arrive (headers and body)", () => {
    const server = served.app.server as Server;
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(nodeDefaultRequestTimeout);
  });

  it("answers a body that stops arriving with 408, closes the socket and keeps serving", async () => {
    // The same mechanism on a short clock: node checks the open connections every
    // `connectionsCheckingInterval` ms (read when the server starts listening).
    const server = served.app.server as Server & { connectionsCheckingInterval: number };
    server.requestTimeout = 400;
    server.headersTimeout = 400;
    server.connectionsCheckingInterval = 100;
    const port = await served.listen();
    const stalled = await stallBody(port, path);
    expect(stalled.answer).toMatch(/^HTTP\/1\.1 408 /);
    // In the server's own error shape, not fastify's.
    expectShape(bodyOf(stalled.answer));
    const health = await fetch(`http://127.0.0.1:${port}${served.healthPath}`);
    expect(health.status).toBe(200);
  });
});
