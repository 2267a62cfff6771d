import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
} from "../gateway/helpers/test-gateway.js";
import {
  deepValue,
  edgeString,
  extraFields,
  type MalformedRequest,
  malformedRequests,
  notAString,
} from "./malformed-bodies.js";

const hi = [{ role: "user", content: "hi" }];
const unknownModel = edgeString.filter((name) => name !== "gpt-4o" && name !== "claude");
const notPositiveInt = fc.oneof(
  fc.constantFrom(0, -1, 1.5, "10", null, true, [], {}),
  fc.integer({ max: 0 }),
);
/** Chat `messages` values that are not a non-empty list of chat messages. */
const badChatMessages = fc.oneof(
  fc.constant([]),
  notAString.filter((value) => !Array.isArray(value) || value.length > 0),
  fc.array(notAString, { minLength: 1, maxLength: 3 }),
  edgeString.map((role) => [{ role, content: "x" }]),
  fc
    .oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.integer(), { minKeys: 1 }))
    .map((content) => [{ role: "user", content }]),
  fc.constant([{ content: "no role" }]),
);

const routes: Record<string, fc.Arbitrary<object>> = {
  "/v1/chat/completions": fc.oneof(
    fc.tuple(badChatMessages, extraFields).map(([messages, extra]) => ({
      ...extra,
      model: "gpt-4o",
      messages,
    })),
    unknownModel.map((model) => ({ model, messages: hi })),
    notAString.map((model) => ({ model, messages: hi })),
    fc.constant({ messages: hi }),
  ),
  "/v1/messages": fc.oneof(
    badChatMessages
      .filter((messages) => !Array.isArray(messages) || messages.length > 0)
      .map((messages) => ({ model: "claude", max_tokens: 10, messages })),
    notPositiveInt.map((max_tokens) => ({ model: "claude", max_tokens, messages: hi })),
    fc.constant({ model: "claude", messages: hi }),
    unknownModel.map((model) => ({ model, max_tokens: 10, messages: hi })),
    fc.constant({ max_tokens: 10, messages: hi }),
  ),
  "/v1/embeddings": fc.oneof(
    fc
      .oneof(
        fc.constantFrom<unknown>(null, true, [], [1.5], [[1.5]], ["a", 1], [[], [0.5]]),
        fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
        deepValue,
      )
      .map((input) => ({ model: "gpt-4o", input })),
    fc.constant({ model: "gpt-4o" }),
    unknownModel.map((model) => ({ model, input: "x" })),
  ),
  "/v1/completions": fc.oneof(
    fc
      .oneof(fc.constantFrom(null, false, [1.5], ["a", 2], { p: 1 }), deepValue)
      .map((prompt) => ({ model: "gpt-4o", prompt })),
    fc.constant({ model: "gpt-4o" }),
    unknownModel.map((model) => ({ model, prompt: "x" })),
  ),
  "/key/generate": fc.oneof(
    fc
      .tuple(extraFields, fc.string({ minLength: 1 }))
      .filter(
        ([, key]) =>
          ![
            "models",
            "permissions",
            "key_alias",
            "duration",
            "metadata",
            "rpm_limit",
            "__proto__",
          ].includes(key),
      )
      .map(([extra, key]) => ({ ...extra, [key]: 1 })),
    fc
      .oneof(
        notAString.filter((value) => !Array.isArray(value) || value.length > 0),
        unknownModel.map((name) => [name]),
      )
      .map((models) => ({ models })),
    notPositiveInt.filter((value) => value !== null).map((rpm_limit) => ({ rpm_limit })),
    edgeString.map((duration) => ({ duration: `${duration}!` })),
    fc.constantFrom("", 5, false, ["a"]).map((key_alias) => ({ key_alias })),
    fc.constantFrom(5, "m", [1], true).map((metadata) => ({ metadata })),
  ),
};

/**
 * `/key/generate` takes an empty body as `{}` (every field is optional), like LiteLLM; it also
 * reads a JSON `null` body as `{}` (`schema.safeParse(value ?? {})` in key-routes.ts).
 */
const acceptsEmpty = (url: string) => (request: MalformedRequest) =>
  url !== "/key/generate" || !["", "null"].includes(request.payload.trim());

describe("gateway: generated malformed requests", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    const params = { api_key: "sk-upstream", api_base: `${upstream.url}/v1` };
    running = await startTestGateway(db.db, {
      model_list: [
        { model_name: "gpt-4o", gateway_params: { model: "openai/gpt-4o", ...params } },
        {
          model_name: "claude",
          gateway_params: { model: "anthropic/claude", ...params, api_base: upstream.url },
        },
      ],
    });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  const send = (url: string, request: MalformedRequest) =>
    running.gateway.app.inject({
      method: "POST",
      url,
      headers: {
        authorization: `Bearer ${masterKey}`,
        ...(request.contentType === "" ? {} : { "content-type": request.contentType }),
      },
      payload: request.payload,
    });

  for (const [url, badObjects] of Object.entries(routes)) {
    it(`answers 4xx in the route's error shape to 200 malformed bodies on ${url}`, async () => {
      const before = upstream.requests.length;
      await fc.assert(
        fc.asyncProperty(
          malformedRequests(badObjects).filter(acceptsEmpty(url)),
          async (request) => {
            const response = await send(url, request);
            expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
            expect(response.statusCode, response.body).toBeLessThan(500);
            const body = response.json() as Record<string, unknown>;
            const error = body.error as { message?: unknown; type?: unknown };
            expect(typeof error.message).toBe("string");
            expect(typeof error.type).toBe("string");
            if (url === "/v1/messages") expect(body.type).toBe("error");
            else expect(Object.keys(body)).toEqual(["error"]);
          },
        ),
        { numRuns: 200 },
      );
      // Nothing malformed reached the provider.
      expect(upstream.requests.length).toBe(before);
      const health = await running.gateway.app.inject({ url: "/health/liveliness" });
      expect(health.statusCode).toBe(200);
    });
  }

  it("answers 413 to an oversized body over a real socket and keeps serving", async () => {
    const big = JSON.stringify({
      model: "gpt-4o",
      messages: [{ role: "user", content: "x".repeat(27 * 1024 * 1024) }],
    });
    const response = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      body: big,
    }).catch((error: unknown) => error);
    // The server may close the connection while the client is still writing; either way no 5xx.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { message: string } }).error.message).toEqual(
        expect.any(String),
      );
    }
    expect((await fetch(`${running.url}/health/liveliness`)).status).toBe(200);
  });

  it("answers 431 to oversized headers and keeps serving", async () => {
    const response = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${masterKey}`, "x-padding": "p".repeat(64 * 1024) },
      body: "{}",
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      error: {
        message: "The request headers are too large.",
        type: expect.any(String),
        param: null,
        code: "http_431",
      },
    });
    expect((await fetch(`${running.url}/health/liveliness`)).status).toBe(200);
  });

  it("answers raw garbage on the socket with a 4xx or a close, never a crash", async () => {
    const garbage = [
      "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
      "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "\u0000\u0001\u0002 not http at all\r\n\r\n",
      `GET /${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    const { port } = new URL(running.url);
    for (const raw of garbage) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1");
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
        });
        socket.on("error", () => resolve(text));
        socket.on("close", () => resolve(text));
        socket.write(raw, "latin1");
        setTimeout(() => socket.end(), 200);
      });
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status !== undefined) expect(Number(status)).toBeLessThan(500);
    }
    expect((await fetch(`${running.url}/health/liveliness`)).status).toBe(200);
  });
});
