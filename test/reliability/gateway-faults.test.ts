import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/gateway/create-gateway.js";
import { anthropicFrames } from "../gateway/helpers/anthropic-upstream.js";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import {
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from "../gateway/helpers/fake-upstream.js";
import { chatCompletionFrames, openAIHandler } from "../gateway/helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
} from "../gateway/helpers/test-gateway.js";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** POST over a fresh connection (no keep-alive), resolving when the server ends the answer. */
function post(url: string, path: string, body: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}${path}`,
      {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

const hi = [{ role: "user", content: "hi" }];

describe("gateway under upstream faults", () => {
  let db: TestDatabase;
  let good: FakeUpstream;
  let reset: FakeUpstream;
  let cut: FakeUpstream;
  let limited: FakeUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    good = await startFakeUpstream(openAIHandler);
    // Connection reset before any byte of the answer.
    reset = await startFakeUpstream((_request, res) => {
      res.socket?.destroy();
    });
    // A stream cut mid-way: two events, then the connection drops.
    cut = await startFakeUpstream((request, res) => {
      const anthropic = request.url.startsWith("/v1/messages");
      const frames = anthropic
        ? anthropicFrames("claude", "partial answer that never ends").slice(0, 4)
        : chatCompletionFrames("cut-model", "partial answer that never ends").slice(0, 3);
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(frames.join(""), () => setTimeout(() => res.socket?.destroy(), 20));
    });
    limited = await startFakeUpstream((_request, res) =>
      sendJson(res, 429, { error: { message: "slow down", type: "rate_limit_error" } }),
    );
    const deployment = (name: string, upstream: FakeUpstream, provider = "openai") => ({
      model_name: name,
      gateway_params: {
        model: `${provider}/${name}-model`,
        api_key: "sk-up",
        api_base: provider === "openai" ? `${upstream.url}/v1` : upstream.url,
      },
    });
    running = await startTestGateway(db.db, {
      model_list: [
        deployment("flaky", reset),
        deployment("flaky", good),
        deployment("dead", reset),
        deployment("cut", cut),
        deployment("cut-claude", cut, "anthropic"),
        deployment("limited", limited),
      ],
      router_settings: { num_retries: 2 },
    });
  });
  afterAll(async () => {
    await running?.close();
    await Promise.all([good, reset, cut, limited].map((upstream) => upstream?.close()));
    await db?.dispose();
  });

  it("fails over a connection reset to the next deployment", async () => {
    for (let i = 0; i < 4; i += 1) {
      const answer = await post(running.url, "/v1/chat/completions", {
        model: "flaky",
        messages: hi,
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({
        choices: [{ message: { content: "echo: hi" } }],
      });
    }
    expect(reset.requests.length).toBeGreaterThan(0);
  });

  it("ends with a clean 5xx error after every retry of a reset deployment, streaming or not", async () => {
    const before = reset.requests.length;
    const plain = await post(running.url, "/v1/chat/completions", { model: "dead", messages: hi });
    expect(plain.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(plain.text)).toMatchObject({
      error: { message: expect.any(String), type: expect.any(String) },
    });
    // num_retries 2: three attempts.
    expect(reset.requests.length - before).toBe(3);
    const streamed = await post(running.url, "/v1/chat/completions", {
      model: "dead",
      messages: hi,
      stream: true,
    });
    expect(streamed.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(streamed.text)).toMatchObject({ error: { message: expect.any(String) } });
  });

  it("passes an upstream 429 on as a clean 429 once retries are spent", async () => {
    const before = limited.requests.length;
    const answer = await post(running.url, "/v1/chat/completions", {
      model: "limited",
      messages: hi,
    });
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { message: expect.stringContaining("slow down") },
    });
    expect(limited.requests.length - before).toBe(3);
  });

  it("ends an OpenAI stream cut mid-way with an error event after the partial text", async () => {
    const answer = await post(running.url, "/v1/chat/completions", {
      model: "cut",
      messages: hi,
      stream: true,
    });
    expect(answer.status).toBe(200);
    const events = answer.text.split("\n\n").filter((frame) => frame.startsWith("data: "));
    expect(events.some((frame) => frame.includes("partial"))).toBe(true);
    expect(answer.text).not.toContain("data: [DONE]");
    const last = JSON.parse((events.at(-1) ?? "").slice("data: ".length)) as {
      error?: { message?: string };
    };
    expect(typeof last.error?.message).toBe("string");
  });

  it("ends an Anthropic stream cut mid-way with an error event", async () => {
    const answer = await post(running.url, "/v1/messages", {
      model: "cut-claude",
      max_tokens: 20,
      messages: hi,
      stream: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("event: message_start");
    expect(answer.text).not.toContain("event: message_stop");
    const frames = answer.text.trim().split("\n\n");
    const last = frames.at(-1) ?? "";
    expect(last).toMatch(/^event: error\n/);
    expect(JSON.parse(last.split("\ndata: ")[1] ?? "")).toMatchObject({
      type: "error",
      error: { type: expect.any(String) },
    });
  });

  it("leaves no client connection open on the gateway after all of that", async () => {
    const server = running.gateway.app.server;
    let open = -1;
    for (let i = 0; i < 50 && open !== 0; i += 1) {
      open = await new Promise<number>((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      if (open !== 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(open).toBe(0);
    expect(
      (await post(running.url, "/v1/chat/completions", { model: "flaky", messages: hi })).status,
    ).toBe(200);
  });
});

describe("gateway start with its database unreachable", () => {
  it("fails with an error naming the database instead of hanging", async () => {
    const failure = await createGateway({
      config: {
        model_list: [{ model_name: "m", gateway_params: { model: "openai/m", api_key: "sk-x" } }],
        general_settings: {
          master_key: masterKey,
          database_url: "postgresql://postgres@127.0.0.1:1/ragguard",
        },
      },
      env: {},
    }).then(
      (gateway) => gateway.close().then(() => undefined),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /^general_settings\.database_url: cannot connect to postgresql:\/\/postgres@127\.0\.0\.1:1\/ragguard \(.*ECONNREFUSED/,
    );
  });
});
