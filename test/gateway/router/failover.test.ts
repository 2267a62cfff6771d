import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import {
  type FakeUpstream,
  sendJson,
  sendSSE,
  startFakeUpstream,
} from "../helpers/fake-upstream.js";
import { chatCompletionFrames, openAIHandler } from "../helpers/openai-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

const failWith = (status: number) => (_request: unknown, res: Parameters<typeof sendJson>[0]) =>
  sendJson(res, status, { error: { message: `upstream says ${status}`, type: "api_error" } });

describe("router: load balancing, failover, fallbacks, timeouts, disconnects", () => {
  let db: TestDatabase;
  let a: FakeUpstream;
  let b: FakeUpstream;
  let c: FakeUpstream;
  let running: RunningGateway;
  let client: OpenAI;

  const deployment = (
    name: string,
    upstream: FakeUpstream,
    extra: Record<string, unknown> = {},
  ) => ({
    model_name: name,
    gateway_params: {
      model: `openai/${name}-model`,
      api_key: "sk-up",
      api_base: `${upstream.url}/v1`,
      ...extra,
    },
  });

  beforeAll(async () => {
    db = await openTestPGlite();
    [a, b, c] = await Promise.all([
      startFakeUpstream(openAIHandler),
      startFakeUpstream(openAIHandler),
      startFakeUpstream(openAIHandler),
    ]);
    running = await startTestGateway(db.db, {
      model_list: [
        deployment("pool", a),
        deployment("pool", b),
        deployment("primary", a, { timeout: 0.5 }),
        deployment("backup", c),
        deployment("slow", c, { timeout: 1 }),
      ],
      router_settings: { num_retries: 1, fallbacks: [{ primary: ["backup"] }] },
    });
    client = new OpenAI({ apiKey: masterKey, baseURL: `${running.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await Promise.all([a?.close(), b?.close(), c?.close()]);
    await db?.dispose();
  });

  const ask = (model: string, content = "hi") =>
    client.chat.completions.create({ model, messages: [{ role: "user", content }] });
  const counts = () => [a.requests.length, b.requests.length, c.requests.length];
  const delta = (before: number[]) => counts().map((count, i) => count - (before[i] ?? 0));

  it("spreads calls to one model_name over its deployments", async () => {
    const before = counts();
    for (let i = 0; i < 4; i++) await ask("pool");
    expect(delta(before)).toEqual([2, 2, 0]);
  });

  it("fails over to the next deployment on 5xx and 429", async () => {
    for (const status of [500, 503, 429]) {
      a.handle(failWith(status));
      const before = counts();
      for (let i = 0; i < 2; i++) {
        expect((await ask("pool")).choices[0]?.message.content).toBe("echo: hi");
      }
      // Each call reaches b; the one that started on a failed over.
      expect(delta(before)[1]).toBe(2);
    }
    a.handle(openAIHandler);
  });

  it("does not fail over on a client error (400) from upstream", async () => {
    a.handle(failWith(400));
    b.handle(failWith(400));
    try {
      const error = await ask("pool").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as Error).message).toContain("upstream says 400");
    } finally {
      a.handle(openAIHandler);
      b.handle(openAIHandler);
    }
  });

  it("uses fallbacks after the retries are spent, and on timeouts", async () => {
    a.handle(failWith(502));
    const before = counts();
    expect((await ask("primary")).choices[0]?.message.content).toBe("echo: hi");
    // num_retries 1: two attempts on primary (both on a), then backup on c.
    expect(delta(before)).toEqual([2, 0, 1]);

    a.handle(async (request, res) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      if (!res.destroyed) await openAIHandler(request, res);
    });
    const slowBefore = counts();
    expect((await ask("primary")).choices[0]?.message.content).toBe("echo: hi");
    expect(delta(slowBefore)).toEqual([2, 0, 1]);
    a.handle(openAIHandler);
  });

  it("never lets a key reach a fallback model it may not call (skipped, upstream error back)", async () => {
    const narrow = await running.generateKey({ models: ["primary"] });
    const both = await running.generateKey({ models: ["primary", "backup"] });
    const as = (key: string) =>
      new OpenAI({ apiKey: key, baseURL: `${running.url}/v1`, maxRetries: 0 });
    a.handle(failWith(502));
    try {
      // The attacker's key may call primary only; making primary fail must not open backup.
      const before = counts();
      await expect(
        as(narrow.key).chat.completions.create({
          model: "primary",
          messages: [{ role: "user", content: "hi" }],
        }),
      ).rejects.toMatchObject({ status: 502 });
      expect(delta(before)).toEqual([2, 0, 0]);
      // A key that may call both still falls back.
      const allowed = counts();
      const answer = await as(both.key).chat.completions.create({
        model: "primary",
        messages: [{ role: "user", content: "hi" }],
      });
      expect(answer.choices[0]?.message.content).toBe("echo: hi");
      expect(delta(allowed)).toEqual([2, 0, 1]);
    } finally {
      a.handle(openAIHandler);
    }
  });

  it("fails over a stream that breaks before its first event", async () => {
    a.handle(failWith(500));
    try {
      const stream = await client.chat.completions.create({
        model: "pool",
        messages: [{ role: "user", content: "stream" }],
        stream: true,
      });
      let text = "";
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
      expect(text).toBe("echo: stream");
    } finally {
      a.handle(openAIHandler);
    }
  });

  it("reports an error that happens mid-stream inside the stream", async () => {
    c.handle((_request, res) => {
      const frames = chatCompletionFrames("backup-model", "partial answer here").slice(0, 2);
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(frames.join(""));
      res.end("data: {not json\n\n");
    });
    try {
      const stream = await client.chat.completions.create({
        model: "backup",
        messages: [{ role: "user", content: "x" }],
        stream: true,
      });
      const error = await (async () => {
        for await (const _chunk of stream) {
          // drain
        }
      })().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(String(error)).toContain("not JSON");
    } finally {
      c.handle(openAIHandler);
    }
  });

  it("aborts the upstream request when the client disconnects", async () => {
    c.handle(async (request, res) => {
      const frames = chatCompletionFrames("backup-model", "a b c d e f g h i j k l m n o p");
      await sendSSE(res, frames, 200);
      void request;
    });
    try {
      const controller = new AbortController();
      const upstreamAborted = c.nextAbort();
      const response = await fetch(`${running.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          model: "backup",
          stream: true,
          messages: [{ role: "user", content: "x" }],
        }),
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      await reader?.read();
      controller.abort();
      const aborted = await Promise.race([
        upstreamAborted.then(() => "aborted"),
        new Promise((resolve) => setTimeout(() => resolve("still streaming"), 2_500)),
      ]);
      expect(aborted).toBe("aborted");
    } finally {
      c.handle(openAIHandler);
    }
  });

  it("aborts a waiting non-streaming upstream request when the client disconnects", async () => {
    c.handle(async (request, res) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      if (!res.destroyed) await openAIHandler(request, res);
    });
    try {
      const aborted = c.nextAbort();
      const controller = new AbortController();
      const call = fetch(`${running.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "backup", messages: [{ role: "user", content: "x" }] }),
        signal: controller.signal,
      }).catch((error: unknown) => error);
      setTimeout(() => controller.abort(), 300);
      await call;
      const outcome = await Promise.race([
        aborted.then(() => "aborted"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 2_000)),
      ]);
      expect(outcome).toBe("aborted");
    } finally {
      c.handle(openAIHandler);
    }
  });

  it("answers 504 when every attempt times out, after closing each attempt's upstream request", async () => {
    const closed: string[] = [];
    c.handle(
      (request, res) =>
        new Promise<void>((resolve) => {
          // Never answers; records the gateway closing the request.
          res.on("close", () => {
            closed.push(request.url);
            resolve();
          });
        }),
    );
    try {
      const before = c.requests.length;
      const response = await fetch(`${running.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "slow", messages: [{ role: "user", content: "x" }] }),
      });
      expect(response.status).toBe(504);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain("no answer within 1s");
      // num_retries 1: two attempts, each closed by its timeout.
      expect(c.requests.length - before).toBe(2);
      while (closed.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(closed).toEqual(["/v1/chat/completions", "/v1/chat/completions"]);
    } finally {
      c.handle(openAIHandler);
    }
  });
});
