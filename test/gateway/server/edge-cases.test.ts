import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicHandler, anthropicMessage } from "../helpers/anthropic-upstream.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import {
  type FakeUpstream,
  sendJson,
  sendSSE,
  startFakeUpstream,
} from "../helpers/fake-upstream.js";
import { chatCompletion, openAIHandler } from "../helpers/openai-upstream.js";
import {
  masterKey,
  type RunningGateway,
  startTestGateway,
  upstreamDeployment,
} from "../helpers/test-gateway.js";

/** Small defects of issue 25: each was a wrong status or a dropped field. */
describe("gateway edge cases", () => {
  let db: TestDatabase;
  let openai: FakeUpstream;
  let anthropic: FakeUpstream;
  let running: RunningGateway;
  let client: OpenAI;

  const post = (path: string, body: unknown) =>
    fetch(`${running.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    db = await openTestPGlite();
    openai = await startFakeUpstream(openAIHandler);
    anthropic = await startFakeUpstream(anthropicHandler);
    running = await startTestGateway(db.db, {
      model_list: [
        upstreamDeployment("gpt-4o", "openai/gpt-4o", openai.url),
        {
          model_name: "claude",
          gateway_params: {
            model: "anthropic/claude-x",
            api_key: "sk-up",
            api_base: anthropic.url,
          },
        },
      ],
    });
    client = new OpenAI({ apiKey: masterKey, baseURL: `${running.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await openai?.close();
    await anthropic?.close();
    await db?.dispose();
  });

  it("refuses an unknown field nested 5,000 levels deep with 400, provider untouched", async () => {
    const depth = 5_000;
    const deep = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    const before = openai.requests.length;
    const response = await post(
      "/v1/chat/completions",
      `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"extra":${deep}}`,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).toMatch(/nested/);
    expect(body.error.code).not.toBe("upstream_error");
    expect(openai.requests.length).toBe(before);
    const deepKey = await post("/key/generate", `{"metadata":${deep}}`);
    expect(deepKey.status).toBe(400);
    // A body nested as deep as real requests get still goes through.
    const fine = `${'{"a":'.repeat(50)}1${"}".repeat(50)}`;
    const ok = await post(
      "/v1/chat/completions",
      `{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"extra":${fine}}`,
    );
    expect(ok.status).toBe(200);
  });

  it("answers 400 naming duration and budget_duration when they are huge, never 500", async () => {
    for (const field of ["duration", "budget_duration"]) {
      const response = await post("/key/generate", { [field]: "99999999999999999999d" });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain(field);
      expect(body.error.message).toMatch(/at most 36500d/);
    }
    const { key } = await running.generateKey({});
    const update = await post("/key/update", { key, duration: "9007199254740993s" });
    expect(update.status).toBe(400);
    expect(((await update.json()) as { error: { message: string } }).error.message).toContain(
      "duration",
    );
    expect((await post("/key/generate", { duration: "36500d" })).status).toBe(200);
  });

  it("returns the text of a transcription asked with response_format=text", async () => {
    openai.handle((_request, res) => {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end("hello from the audio\n");
    });
    try {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(64)], { type: "audio/wav" }), "a.wav");
      form.append("model", "gpt-4o");
      form.append("response_format", "text");
      const response = await fetch(`${running.url}/v1/audio/transcriptions`, {
        method: "POST",
        headers: { authorization: `Bearer ${masterKey}` },
        body: form,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("hello from the audio\n");
      const sdk = await client.audio.transcriptions.create({
        model: "gpt-4o",
        file: new File([new Uint8Array(64)], "b.wav", { type: "audio/wav" }),
        response_format: "text",
      });
      expect(String(sdk)).toBe("hello from the audio\n");
    } finally {
      openai.handle(openAIHandler);
    }
  });

  it("passes the upstream's retry-after and x-request-id on to the client", async () => {
    openai.handle((_request, res) => {
      res.writeHead(429, {
        "content-type": "application/json",
        "retry-after": "17",
        "x-request-id": "req_upstream_429",
      });
      res.end(JSON.stringify({ error: { message: "slow down", type: "rate_limit" } }));
    });
    try {
      const refused = await post("/v1/chat/completions", {
        model: "gpt-4o",
        messages: [{ role: "user", content: "hi" }],
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("17");
      expect(refused.headers.get("x-request-id")).toBe("req_upstream_429");

      openai.handle((request, res) => {
        res.writeHead(200, { "content-type": "application/json", "x-request-id": "req_ok_1" });
        res.end(JSON.stringify(chatCompletion(String(request.json().model), "fine")));
      });
      const ok = await post("/v1/chat/completions", {
        model: "gpt-4o",
        messages: [{ role: "user", content: "hi" }],
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("x-request-id")).toBe("req_ok_1");

      openai.handle((_request, res) => {
        res.setHeader("x-request-id", "req_stream_1");
        return sendSSE(res, [
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "x" }, finish_reason: "stop" }] })}\n\n`,
          "data: [DONE]\n\n",
        ]);
      });
      const stream = await post("/v1/chat/completions", {
        model: "gpt-4o",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      });
      expect(stream.headers.get("x-request-id")).toBe("req_stream_1");
      await stream.text();
    } finally {
      openai.handle(openAIHandler);
    }
  });

  it("carries message.refusal on chat completions translated from Anthropic", async () => {
    const plain = await client.chat.completions.create({
      model: "claude",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(plain.choices[0]?.message.refusal).toBeNull();

    anthropic.handle((request, res) => {
      const body = request.json();
      if (body.stream === true) {
        const frame = (payload: { type: string; [field: string]: unknown }) =>
          `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;
        const start = { ...anthropicMessage("claude-x", ""), content: [], stop_reason: null };
        return sendSSE(res, [
          frame({ type: "message_start", message: start }),
          frame({
            type: "content_block_start",
            index: 0,
            content_block: { type: "text", text: "" },
          }),
          frame({
            type: "content_block_delta",
            index: 0,
            delta: { type: "text_delta", text: "I can't help with that." },
          }),
          frame({ type: "content_block_stop", index: 0 }),
          frame({
            type: "message_delta",
            delta: { stop_reason: "refusal", stop_sequence: null },
            usage: { output_tokens: 6 },
          }),
          frame({ type: "message_stop" }),
        ]);
      }
      return sendJson(res, 200, {
        ...anthropicMessage("claude-x", "I can't help with that."),
        stop_reason: "refusal",
      });
    });
    try {
      const refused = await client.chat.completions.create({
        model: "claude",
        messages: [{ role: "user", content: "something refused" }],
      });
      const message = refused.choices[0]?.message;
      expect(message?.refusal).toBe("I can't help with that.");
      expect(message?.content).toBeNull();
      expect(refused.choices[0]?.finish_reason).toBe("content_filter");

      const stream = await client.chat.completions.create({
        model: "claude",
        stream: true,
        messages: [{ role: "user", content: "something refused" }],
      });
      let content = "";
      let refusal = "";
      let finish: string | null | undefined;
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        content += delta?.content ?? "";
        refusal += delta?.refusal ?? "";
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      expect(finish).toBe("content_filter");
      // A stream cannot take back text it sent: the text stays content; the end says refusal.
      expect(content + refusal).toBe("I can't help with that.");
    } finally {
      anthropic.handle(anthropicHandler);
    }
  });
});
