import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, sendJson, startFakeUpstream } from "../helpers/fake-upstream.js";
import { geminiHandler } from "../helpers/gemini-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

describe("Gemini through the gateway", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;
  let openai: OpenAI;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(geminiHandler);
    const params = { api_key: "gemini-upstream-key", api_base: `${upstream.url}/v1beta` };
    running = await startTestGateway(db.db, {
      model_list: [
        { model_name: "gemini", gateway_params: { model: "gemini/gemini-2.5-flash", ...params } },
        {
          model_name: "gemini-embed",
          gateway_params: { model: "gemini/text-embedding-004", ...params },
        },
      ],
    });
    openai = new OpenAI({ apiKey: masterKey, baseURL: `${running.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it("translates a chat completion to generateContent with the key in a header", async () => {
    const completion = await openai.chat.completions.create({
      model: "gemini",
      messages: [
        { role: "system", content: "short answers" },
        { role: "user", content: "hello" },
      ],
      temperature: 0.3,
    });
    expect(completion.choices[0]?.message.content).toBe("gemini says: hello");
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 2 });
    const sent = upstream.requests.at(-1);
    expect(sent?.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect(sent?.headers["x-goog-api-key"]).toBe("gemini-upstream-key");
    expect(sent?.json()).toMatchObject({
      systemInstruction: { parts: [{ text: "short answers" }] },
      contents: [{ role: "user", parts: [{ text: "hello" }] }],
      generationConfig: { temperature: 0.3 },
    });
  });

  it("streams through streamGenerateContent?alt=sse", async () => {
    const stream = await openai.chat.completions.create({
      model: "gemini",
      messages: [{ role: "user", content: "stream it" }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("gemini says: stream it");
    expect(upstream.requests.at(-1)?.url).toBe(
      "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    );
  });

  it("translates embeddings to batchEmbedContents", async () => {
    const result = await openai.embeddings.create({
      model: "gemini-embed",
      input: ["a", "b"],
      encoding_format: "float",
    });
    expect(result.data.map((item) => item.embedding)).toEqual([
      [0.5, 0.25],
      [1.5, 0.25],
    ]);
    expect(upstream.requests.at(-1)?.url).toBe(
      "/v1beta/models/text-embedding-004:batchEmbedContents",
    );
  });

  it("answers a /messages call from a Gemini model", async () => {
    const anthropic = new Anthropic({ apiKey: masterKey, baseURL: running.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: "gemini",
      max_tokens: 20,
      messages: [{ role: "user", content: "from claude land" }],
    });
    expect(message.content).toEqual([{ type: "text", text: "gemini says: from claude land" }]);
  });

  it("keeps Gemini's error status and message", async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 403, {
        error: { code: 403, message: "API key not valid", status: "PERMISSION_DENIED" },
      }),
    );
    try {
      const error = await openai.chat.completions
        .create({ model: "gemini", messages: [{ role: "user", content: "x" }] })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect((error as Error).message).toContain("API key not valid");
    } finally {
      upstream.handle(geminiHandler);
    }
  });
});
