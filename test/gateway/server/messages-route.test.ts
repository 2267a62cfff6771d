import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicHandler } from "../helpers/anthropic-upstream.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

describe("Anthropic format and cross-format calls", () => {
  let db: TestDatabase;
  let claude: FakeUpstream;
  let gpt: FakeUpstream;
  let running: RunningGateway;
  let anthropic: Anthropic;
  let openai: OpenAI;

  beforeAll(async () => {
    db = await openTestPGlite();
    claude = await startFakeUpstream(anthropicHandler);
    gpt = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(db.db, {
      model_list: [
        {
          model_name: "claude-sonnet",
          gateway_params: {
            model: "anthropic/claude-sonnet-4-5",
            api_key: "sk-ant-upstream",
            api_base: claude.url,
            max_tokens: 512,
          },
        },
        {
          model_name: "gpt-4o",
          gateway_params: {
            model: "openai/gpt-4o",
            api_key: "sk-oai-upstream",
            api_base: `${gpt.url}/v1`,
          },
        },
      ],
    });
    const { key } = await running.generateKey();
    anthropic = new Anthropic({ apiKey: key, baseURL: running.url, maxRetries: 0 });
    openai = new OpenAI({ apiKey: key, baseURL: `${running.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await running?.close();
    await claude?.close();
    await gpt?.close();
    await db?.dispose();
  });

  it("passes a /messages call to an Anthropic model through natively", async () => {
    const message = await anthropic.messages.create({
      model: "claude-sonnet",
      max_tokens: 100,
      system: "be brief",
      messages: [{ role: "user", content: "hello" }],
      metadata: { user_id: "u-1" },
    });
    expect(message.content).toEqual([{ type: "text", text: "claude says: hello" }]);
    const sent = claude.requests.at(-1);
    expect(sent?.headers["x-api-key"]).toBe("sk-ant-upstream");
    expect(sent?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(sent?.json()).toMatchObject({
      model: "claude-sonnet-4-5",
      max_tokens: 100,
      system: "be brief",
      metadata: { user_id: "u-1" },
    });
  });

  it("streams /messages from an Anthropic model with its event types", async () => {
    const stream = anthropic.messages.stream({
      model: "claude-sonnet",
      max_tokens: 100,
      messages: [{ role: "user", content: "stream" }],
    });
    const types: string[] = [];
    stream.on("streamEvent", (event) => types.push(event.type));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: "text", text: "claude says: stream" }]);
    expect(types).toEqual(
      expect.arrayContaining(["message_start", "content_block_delta", "message_stop"]),
    );
  });

  it("translates a /messages call to an OpenAI model and back", async () => {
    const message = await anthropic.messages.create({
      model: "gpt-4o",
      max_tokens: 50,
      system: "sys",
      messages: [{ role: "user", content: [{ type: "text", text: "translate me" }] }],
    });
    expect(message.type).toBe("message");
    expect(message.content).toEqual([{ type: "text", text: "echo: translate me" }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage).toMatchObject({ input_tokens: 7, output_tokens: 3 });
    expect(gpt.requests.at(-1)?.json()).toMatchObject({
      model: "gpt-4o",
      max_tokens: 50,
      messages: [{ role: "system", content: "sys" }, { role: "user" }],
    });
  });

  it("streams a /messages call to an OpenAI model as Anthropic events", async () => {
    const stream = anthropic.messages.stream({
      model: "gpt-4o",
      max_tokens: 50,
      messages: [{ role: "user", content: "stream across" }],
    });
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: "text", text: "echo: stream across" }]);
    expect(final.usage.output_tokens).toBe(3);
  });

  it("translates a chat completion to an Anthropic model, with config defaults", async () => {
    const completion = await openai.chat.completions.create({
      model: "claude-sonnet",
      messages: [
        { role: "system", content: "system text" },
        { role: "user", content: "hi claude" },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe("claude says: hi claude");
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 4 });
    expect(claude.requests.at(-1)?.json()).toMatchObject({
      model: "claude-sonnet-4-5",
      system: "system text",
      max_tokens: 512,
      messages: [{ role: "user" }],
    });
  });

  it("carries tool definitions and tool calls across formats", async () => {
    claude.handle((request, res) => {
      const body = request.json();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "msg_tool",
          type: "message",
          role: "assistant",
          model: body.model,
          content: [
            { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Oslo" } },
          ],
          stop_reason: "tool_use",
          stop_sequence: null,
          usage: { input_tokens: 20, output_tokens: 9 },
        }),
      );
    });
    try {
      const completion = await openai.chat.completions.create({
        model: "claude-sonnet",
        messages: [{ role: "user", content: "weather in Oslo?" }],
        tools: [
          {
            type: "function",
            function: {
              name: "get_weather",
              description: "Weather for a city",
              parameters: {
                type: "object",
                properties: { city: { type: "string" } },
                required: ["city"],
              },
            },
          },
        ],
      });
      const choice = completion.choices[0];
      expect(choice?.finish_reason).toBe("tool_calls");
      expect(choice?.message.tool_calls?.[0]).toMatchObject({
        id: "toolu_1",
        type: "function",
        function: { name: "get_weather" },
      });
      const call = choice?.message.tool_calls?.[0];
      expect(JSON.parse(call?.type === "function" ? call.function.arguments : "{}")).toEqual({
        city: "Oslo",
      });
      expect(claude.requests.at(-1)?.json()).toMatchObject({
        tools: [{ name: "get_weather", input_schema: { type: "object", required: ["city"] } }],
      });
    } finally {
      claude.handle(anthropicHandler);
    }
  });

  it("streams a chat completion from an Anthropic model as OpenAI chunks", async () => {
    const stream = await openai.chat.completions.create({
      model: "claude-sonnet",
      messages: [{ role: "user", content: "chunks please" }],
      stream: true,
    });
    let text = "";
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe("claude says: chunks please");
    expect(finish).toBe("stop");
  });
});
