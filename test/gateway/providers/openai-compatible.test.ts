import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/common/errors.js";
import { createGateway } from "../../../src/gateway/create-gateway.js";
import { openTestPGlite, type TestDatabase } from "../helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { chatCompletion, openAIHandler } from "../helpers/openai-upstream.js";
import { masterKey, type RunningGateway, startTestGateway } from "../helpers/test-gateway.js";

const defaultBases: Array<[string, string, string | undefined]> = [
  ["openai", "https://api.openai.com/v1/chat/completions", "Bearer k"],
  ["groq", "https://api.groq.com/openai/v1/chat/completions", "Bearer k"],
  ["mistral", "https://api.mistral.ai/v1/chat/completions", "Bearer k"],
  ["deepseek", "https://api.deepseek.com/v1/chat/completions", "Bearer k"],
  ["together_ai", "https://api.together.xyz/v1/chat/completions", "Bearer k"],
  ["openrouter", "https://openrouter.ai/api/v1/chat/completions", "Bearer k"],
  ["fireworks_ai", "https://api.fireworks.ai/inference/v1/chat/completions", "Bearer k"],
  ["xai", "https://api.x.ai/v1/chat/completions", "Bearer k"],
  ["ollama", "http://localhost:11434/v1/chat/completions", undefined],
];

describe("OpenAI-compatible providers", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    running = await startTestGateway(db.db, {
      model_list: [
        {
          model_name: "azure-gpt",
          gateway_params: {
            model: "azure/my-gpt4o-deployment",
            api_key: "azure-key",
            api_base: upstream.url,
            api_version: "2024-06-01",
          },
        },
        {
          model_name: "groq-llama",
          gateway_params: {
            model: "groq/llama-3.1-8b",
            api_key: "gk",
            api_base: `${upstream.url}/openai/v1`,
          },
        },
        {
          model_name: "vllm",
          gateway_params: {
            model: "hosted_vllm/meta-llama/Llama-3.1-8B-Instruct",
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

  const client = () =>
    new OpenAI({ apiKey: masterKey, baseURL: `${running.url}/v1`, maxRetries: 0 });

  it("azure: deployment URL, api-version and the api-key header", async () => {
    await client().chat.completions.create({
      model: "azure-gpt",
      messages: [{ role: "user", content: "hi" }],
    });
    const sent = upstream.requests.at(-1);
    expect(sent?.url).toBe(
      "/openai/deployments/my-gpt4o-deployment/chat/completions?api-version=2024-06-01",
    );
    expect(sent?.headers["api-key"]).toBe("azure-key");
    expect(sent?.headers.authorization).toBeUndefined();
    await client().embeddings.create({ model: "azure-gpt", input: "x" });
    expect(upstream.requests.at(-1)?.url).toBe(
      "/openai/deployments/my-gpt4o-deployment/embeddings?api-version=2024-06-01",
    );
  });

  it("groq: drops the parameters it rejects", async () => {
    await client().chat.completions.create({
      model: "groq-llama",
      messages: [{ role: "user", content: "hi" }],
      logprobs: true,
      temperature: 0.5,
    });
    const sent = upstream.requests.at(-1)?.json();
    expect(sent).toMatchObject({ model: "llama-3.1-8b", temperature: 0.5 });
    expect(sent).not.toHaveProperty("logprobs");
  });

  it("hosted_vllm: keeps the slash in the model id and sends no key when none is set", async () => {
    await client().chat.completions.create({
      model: "vllm",
      messages: [{ role: "user", content: "hi" }],
    });
    const sent = upstream.requests.at(-1);
    expect(sent?.json()).toMatchObject({ model: "meta-llama/Llama-3.1-8B-Instruct" });
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it.each(defaultBases)("%s: default base URL and auth", async (provider, url, authorization) => {
    const seen: Array<{ url: string; authorization: string | null }> = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      seen.push({
        url: String(input),
        authorization: new Headers(init?.headers).get("authorization"),
      });
      return Response.json(chatCompletion("m", "ok"));
    };
    const gateway = await createGateway({
      config: {
        model_list: [{ model_name: "m", gateway_params: { model: `${provider}/some-model` } }],
      },
      database: db.db,
      env: {
        OPENAI_API_KEY: "k",
        GROQ_API_KEY: "k",
        MISTRAL_API_KEY: "k",
        DEEPSEEK_API_KEY: "k",
        TOGETHERAI_API_KEY: "k",
        OPENROUTER_API_KEY: "k",
        FIREWORKS_AI_API_KEY: "k",
        XAI_API_KEY: "k",
      },
      fetch: recordingFetch,
    });
    try {
      const response = await gateway.app.inject({
        method: "POST",
        url: "/v1/chat/completions",
        payload: { model: "m", messages: [{ role: "user", content: "hi" }] },
      });
      expect(response.statusCode).toBe(200);
      expect(seen).toEqual([{ url, authorization: authorization ?? null }]);
    } finally {
      await gateway.close();
    }
  });

  it("refuses to start without a provider key or a required api_base, naming the key path", async () => {
    await expect(
      createGateway({
        config: { model_list: [{ model_name: "m", gateway_params: { model: "openai/gpt-4o" } }] },
        database: db.db,
        env: {},
      }),
    ).rejects.toThrow(
      new ConfigError(
        "model_list[0].gateway_params.api_key: required for provider openai (or set OPENAI_API_KEY)",
      ),
    );
    await expect(
      createGateway({
        config: {
          model_list: [{ model_name: "m", gateway_params: { model: "azure/d", api_key: "k" } }],
        },
        database: db.db,
        env: {},
      }),
    ).rejects.toThrow("model_list[0].gateway_params.api_base: required for provider azure");
  });
});
