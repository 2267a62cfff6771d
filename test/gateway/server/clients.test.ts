import { ChatOpenAI } from "@langchain/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestPGlite, openTestPostgres, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

describe("LangChain ChatOpenAI pointed at the gateway", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;
  let key: string;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(db.db, {
      model_list: [
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
    });
    key = (await running.generateKey({ models: ["gpt-4o"] })).key;
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  const model = () =>
    new ChatOpenAI({
      model: "gpt-4o",
      apiKey: key,
      configuration: { baseURL: `${running.url}/v1` },
      maxRetries: 0,
    });

  it("invokes", async () => {
    const answer = await model().invoke([
      ["system", "be brief"],
      ["human", "hello langchain"],
    ]);
    expect(answer.content).toBe("echo: hello langchain");
    expect(upstream.requests.at(-1)?.json()).toMatchObject({ model: "gpt-4o" });
  });

  it("streams", async () => {
    let text = "";
    for await (const chunk of await model().stream("stream langchain")) {
      text += typeof chunk.content === "string" ? chunk.content : "";
    }
    expect(text).toBe("echo: stream langchain");
  });
});

describe("key lifecycle through the gateway on PostgreSQL", () => {
  let db: TestDatabase | undefined;
  let upstream: FakeUpstream;
  let running: RunningGateway | undefined;

  beforeAll(async () => {
    db = await openTestPostgres();
    upstream = await startFakeUpstream(openAIHandler);
    if (db === undefined) return;
    running = await startTestGateway(db.db, {
      model_list: [
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o",
            api_key: "sk-up",
            api_base: `${upstream.url}/v1`,
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it("generates, uses, blocks and deletes a key", async (ctx) => {
    if (running === undefined) return ctx.skip("DATABASE_URL not set");
    const gateway = running;
    const { key, token_id } = await gateway.generateKey({ models: ["gpt-4o"], key_alias: "pg" });
    const chat = () =>
      fetch(`${gateway.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "pg" }] }),
      });
    expect((await chat()).status).toBe(200);
    const admin = {
      authorization: "Bearer sk-master-test-0123456789",
      "content-type": "application/json",
    };
    await fetch(`${gateway.url}/key/update`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ key, blocked: true }),
    });
    expect((await chat()).status).toBe(401);
    const deleted = await fetch(`${gateway.url}/key/delete`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ keys: [token_id] }),
    });
    expect(await deleted.json()).toEqual({ deleted_keys: [token_id] });
    const ready = await fetch(`${gateway.url}/health/readiness`);
    expect(await ready.json()).toMatchObject({ database: "connected" });
  });
});
