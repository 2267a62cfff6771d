import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/common/errors.js";
import { loadGatewayConfig, parseGatewayConfig } from "../../../src/gateway/config/load.js";

const env = { OPENAI_API_KEY: "sk-openai", ANTHROPIC_API_KEY: "sk-ant", MASTER_KEY: "sk-master" };

describe("gateway config", () => {
  it("loads the example config with env references resolved", async () => {
    const config = await loadGatewayConfig("fixtures/config/gateway.yaml", env);
    expect(config.masterKey).toBe("sk-master");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.keyCacheTtlMs).toBe(30_000);
    expect(config.numRetries).toBe(1);
    expect(config.fallbacks.get("gpt-4o")).toEqual(["claude-sonnet"]);
    expect(config.deployments[0]).toMatchObject({
      modelName: "gpt-4o",
      provider: "openai",
      modelId: "gpt-4o",
      apiKey: "sk-openai",
      timeoutMs: 60_000,
      maxRetries: 1,
      defaults: {},
    });
    expect(config.deployments[1]).toMatchObject({
      provider: "anthropic",
      modelId: "claude-sonnet-4-5",
      defaults: { max_tokens: 1024 },
    });
  });

  it("loads the other examples", async () => {
    const guard = await loadGatewayConfig("fixtures/config/gateway-guard.yaml", env);
    expect(guard.settings).toMatchObject({
      callbacks: ["guard_moderations"],
      guard_mode: "key-specific",
    });
    const local = await loadGatewayConfig("fixtures/config/gateway-local.yaml", env);
    expect(local.deployments.map((d) => d.modelId)).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct",
      "llama3.1",
    ]);
  });

  it("names the variable and the key when an os.environ reference is unset", async () => {
    const { MASTER_KEY: _unset, ...partial } = env;
    await expect(loadGatewayConfig("fixtures/config/gateway.yaml", partial)).rejects.toThrow(
      "fixtures/config/gateway.yaml: general_settings.master_key: environment variable MASTER_KEY is not set",
    );
    const { OPENAI_API_KEY: _gone, ...noOpenai } = env;
    await expect(loadGatewayConfig("fixtures/config/gateway.yaml", noOpenai)).rejects.toThrow(
      "model_list[0].gateway_params.api_key: environment variable OPENAI_API_KEY is not set",
    );
  });

  it("names the file and key path of an unknown or mistyped key", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gateway-config-"));
    const path = join(dir, "bad.yaml");
    await writeFile(
      path,
      [
        "model_list:",
        "  - model_name: a",
        "    gateway_params: { model: openai/gpt-4o, timeout: soon }",
        "general_settings: { master_kye: x }",
        "router_settings: { num_retries: -1 }",
      ].join("\n"),
    );
    const error = await loadGatewayConfig(path, env).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`${path}: general_settings.master_kye: unknown key`);
    expect(message).toContain(`${path}: model_list[0].gateway_params.timeout:`);
    expect(message).toContain(`${path}: router_settings.num_retries:`);
  });

  it("rejects an unknown provider, a fallback to an unknown model and a bad guard_mode", () => {
    const entry = (model: string) => ({ model_name: "a", gateway_params: { model } });
    expect(() => parseGatewayConfig({ model_list: [entry("acme/x")] }, env)).toThrow(
      "model_list[0].gateway_params.model: unknown provider",
    );
    expect(() =>
      parseGatewayConfig(
        { model_list: [entry("openai/x")], router_settings: { fallbacks: [{ a: ["b"] }] } },
        env,
      ),
    ).toThrow('router_settings.fallbacks[0]: "b" is not a model_name');
    expect(() =>
      parseGatewayConfig(
        { model_list: [entry("openai/x")], gateway_settings: { guard_mode: "sometimes" } },
        env,
      ),
    ).toThrow("gateway_settings.guard_mode");
  });
});
