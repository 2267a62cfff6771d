import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../src/common/errors.js";
import { createGateway } from "../../../src/gateway/create-gateway.js";
import type { ProviderCallContext } from "../../../src/gateway/hooks.js";
import { anthropicHandler } from "../helpers/anthropic-upstream.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

describe("beforeProviderCall hooks and gateway_settings.callbacks", () => {
  let db: TestDatabase;
  let gpt: FakeUpstream;
  let claude: FakeUpstream;
  let running: RunningGateway;
  const seen: ProviderCallContext[] = [];

  beforeAll(async () => {
    db = await openTestPGlite();
    gpt = await startFakeUpstream(openAIHandler);
    claude = await startFakeUpstream(anthropicHandler);
    running = await startTestGateway(
      db.db,
      {
        model_list: [
          {
            model_name: "gpt-4o",
            gateway_params: { model: "openai/gpt-4o", api_key: "k", api_base: `${gpt.url}/v1` },
          },
          {
            model_name: "claude",
            gateway_params: { model: "anthropic/claude-x", api_key: "k", api_base: claude.url },
          },
        ],
        gateway_settings: { callbacks: ["redactor"], guard_mode: "request-specific" },
      },
      {
        callbacks: {
          // A stand-in for guard_moderations: rewrites or refuses the prompt.
          redactor:
            ({ settings }) =>
            (ctx) => {
              seen.push(ctx);
              const text = JSON.stringify(ctx.body);
              if (text.includes("forbidden")) {
                throw new AppError(`blocked by redactor (${settings.guard_mode})`, {
                  status: 400,
                  code: "guard_rejected",
                  expose: true,
                });
              }
              if (ctx.route === "chat") {
                ctx.body = { ...ctx.body, messages: [{ role: "user", content: "[redacted]" }] };
              }
            },
        },
      },
    );
  });
  afterAll(async () => {
    await running?.close();
    await gpt?.close();
    await claude?.close();
    await db?.dispose();
  });

  it("gives the hook the caller, route, model, settings and the body with gateway metadata", async () => {
    const { key } = await running.generateKey({ permissions: { enable_guard_check: true } });
    const client = new OpenAI({ apiKey: key, baseURL: `${running.url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: "gpt-4o",
      messages: [{ role: "user", content: "my card is 4111" }],
      metadata: { permissions: { enable_guard_check: true } } as never,
    });
    const ctx = seen.at(-1);
    expect(ctx?.route).toBe("chat");
    expect(ctx?.model).toBe("gpt-4o");
    expect(ctx?.settings.guard_mode).toBe("request-specific");
    // The client's abort signal, made on first read, and the request headers.
    expect(ctx?.signal).toBeInstanceOf(AbortSignal);
    expect(ctx?.signal.aborted).toBe(false);
    expect(ctx?.signal).toBe(ctx?.signal);
    expect(ctx?.headers.authorization).toBe(`Bearer ${key}`);
    expect(ctx?.caller.kind === "key" && ctx.caller.record.permissions.enable_guard_check).toBe(
      true,
    );
    // The hook's replacement body is what went upstream.
    expect(completion.choices[0]?.message.content).toBe("echo: [redacted]");
    expect(gpt.requests.at(-1)?.json()).toMatchObject({
      messages: [{ role: "user", content: "[redacted]" }],
    });
  });

  it("rejects with the hook's AppError, in each route's error shape, before any provider call", async () => {
    const before = gpt.requests.length + claude.requests.length;
    const chat = await fetch(`${running.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-4o",
        messages: [{ role: "user", content: "forbidden words" }],
      }),
    });
    expect(chat.status).toBe(400);
    expect(await chat.json()).toEqual({
      error: {
        message: "blocked by redactor (request-specific)",
        type: "invalid_request_error",
        param: null,
        code: "guard_rejected",
      },
    });
    const messages = await fetch(`${running.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": masterKey, "content-type": "application/json" },
      body: JSON.stringify({
        model: "claude",
        max_tokens: 5,
        messages: [{ role: "user", content: "forbidden" }],
      }),
    });
    expect(messages.status).toBe(400);
    expect(await messages.json()).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: "blocked by redactor (request-specific)" },
    });
    expect(gpt.requests.length + claude.requests.length).toBe(before);
  });

  it("refuses to start with a callback it does not know", async () => {
    await expect(
      createGateway({
        config: {
          model_list: [{ model_name: "m", gateway_params: { model: "ollama/llama3" } }],
          gateway_settings: { callbacks: ["no_such_callback"] },
        },
        database: db.db,
        env: {},
      }),
    ).rejects.toThrow('gateway_settings.callbacks[0]: unknown callback "no_such_callback"');
  });
});
