import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

describe("OpenAI-format routes through the gateway (openai SDK)", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;
  let client: OpenAI;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(db.db, {
      model_list: [
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o-2024-08-06",
            api_key: "sk-upstream-secret",
            api_base: `${upstream.url}/v1`,
            temperature: 0.2,
          },
        },
        {
          model_name: "embed",
          gateway_params: {
            model: "openai/text-embedding-3-small",
            api_key: "sk-upstream-secret",
            api_base: `${upstream.url}/v1`,
          },
        },
        {
          model_name: "whisper",
          gateway_params: {
            model: "openai/whisper-1",
            api_key: "sk-upstream-secret",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
    });
    const { key } = await running.generateKey({ models: [] });
    client = new OpenAI({ apiKey: key, baseURL: `${running.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it("relays a chat completion and sends the provider's model id, key and config defaults", async () => {
    const completion = await client.chat.completions.create({
      model: "gpt-4o",
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hello" },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe("echo: hello");
    const sent = upstream.requests.at(-1);
    expect(sent?.url).toBe("/v1/chat/completions");
    expect(sent?.headers.authorization).toBe("Bearer sk-upstream-secret");
    expect(sent?.json()).toMatchObject({
      model: "gpt-4o-2024-08-06",
      temperature: 0.2,
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hello" },
      ],
    });
  });

  it("keeps gateway metadata away from the provider", async () => {
    await client.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "hi" }],
      // The spec's request-level guard switch.
      metadata: { permissions: { enable_guard_check: true } } as never,
    });
    expect(upstream.requests.at(-1)?.json()).not.toHaveProperty("metadata");
  });

  it("streams a chat completion as SSE", async () => {
    const stream = await client.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "stream me please" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe("echo: stream me please");
    expect(usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 3 });
    expect(upstream.requests.at(-1)?.json()).toMatchObject({
      stream: true,
      model: "gpt-4o-2024-08-06",
    });
  });

  it("relays embeddings and legacy completions", async () => {
    const embeddings = await client.embeddings.create({ model: "embed", input: ["a", "b"] });
    expect(embeddings.data.map((item) => item.embedding[0])).toEqual([
      Math.fround(0.1),
      Math.fround(0.2),
    ]);
    expect(upstream.requests.at(-1)?.json()).toMatchObject({
      model: "text-embedding-3-small",
      input: ["a", "b"],
    });
    const completion = await client.completions.create({ model: "gpt-4o", prompt: "x" });
    expect(completion.choices[0]?.text).toBe(" completed x");
  });

  it("forwards a multipart transcription with the provider's model id", async () => {
    const audio = await toFile(Buffer.from("RIFF fake wav bytes"), "clip.wav", {
      type: "audio/wav",
    });
    const result = await client.audio.transcriptions.create({
      model: "whisper",
      file: audio,
      language: "en",
    });
    expect(result.text).toBe("heard clip.wav (19 bytes) with whisper-1 in en");
    expect(upstream.requests.at(-1)?.url).toBe("/v1/audio/transcriptions");
  });

  it("rejects a transcription form without a file or model", async () => {
    const form = new FormData();
    form.set("model", "whisper");
    const response = await fetch(`${running.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.apiKey}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "file field",
    );
    const noModel = new FormData();
    noModel.set("file", new Blob([Buffer.from("x")]), "a.wav");
    const missingModel = await fetch(`${running.url}/audio/transcription`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.apiKey}` },
      body: noModel,
    });
    expect(missingModel.status).toBe(400);
  });

  it("serves the singular aliases and the routes without /v1", async () => {
    const noPrefix = new OpenAI({ apiKey: client.apiKey, baseURL: running.url, maxRetries: 0 });
    const completion = await noPrefix.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "no prefix" }],
    });
    expect(completion.choices[0]?.message.content).toBe("echo: no prefix");
    for (const path of ["/chat/completion", "/v1/chat/completion"]) {
      const response = await fetch(`${running.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${client.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: path }] }),
      });
      expect(response.status).toBe(200);
      expect(
        ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]
          ?.message.content,
      ).toBe(`echo: ${path}`);
    }
    const embedding = await fetch(`${running.url}/embedding`, {
      method: "POST",
      headers: { authorization: `Bearer ${client.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "embed", input: "one" }),
    });
    expect(embedding.status).toBe(200);
  });

  it("lists the models", async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(["gpt-4o", "embed", "whisper"]);
    expect((await client.models.retrieve("embed")).id).toBe("embed");
    await expect(client.models.retrieve("nope")).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });
});
