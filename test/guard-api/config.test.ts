import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/common/errors.js";
import { loadGuardApiConfig, parseRateLimit } from "../../src/guard-api/config.js";

const fixture = new URL("../../fixtures/config/scanners.yaml", import.meta.url).pathname;

/** `${NAME}` written without a template-literal look-alike in the source. */
const ref = (name: string): string => `$${"{"}${name}}`;

async function writeConfig(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ragguard-guard-config-"));
  const path = join(dir, "scanners.yaml");
  await writeFile(path, text);
  return path;
}

describe("loadGuardApiConfig", () => {
  it("loads the shipped example with its defaults", async () => {
    const config = await loadGuardApiConfig(fixture, {});
    expect(config.app).toMatchObject({
      name: "ragguard Guard API",
      log_level: "info",
      log_json: false,
      scan_fail_fast: false,
      scan_prompt_timeout: 10,
      lazy_load: false,
      body_limit: 1_048_576,
    });
    expect(config.rate_limit).toEqual({ enabled: false, limit: "100/minute" });
    expect(config.auth).toBeUndefined();
    expect(config.input_scanners?.map((s) => s.type)).toEqual([
      "InvisibleText",
      "Secrets",
      "Regex",
      "Anonymize",
      "PromptInjection",
      "Toxicity",
    ]);
  });

  it("interpolates environment variables with defaults", async () => {
    const config = await loadGuardApiConfig(fixture, {
      LOG_LEVEL: "WARNING",
      SCAN_PROMPT_TIMEOUT: "2.5",
      BODY_LIMIT: "64kb",
      RATE_LIMIT_ENABLED: "true",
      RATE_LIMIT_LIMIT: "5/second",
    });
    expect(config.app.log_level).toBe("warn");
    expect(config.app.scan_prompt_timeout).toBe(2.5);
    expect(config.app.body_limit).toBe(65_536);
    expect(config.rate_limit).toEqual({ enabled: true, limit: "5/second" });
  });

  it("reads bearer and basic auth and accepts LLM Guard's extra sections", async () => {
    const bearer = await writeConfig(
      `auth:\n  type: http_bearer\n  token: ${ref("TOKEN")}\noutput_scanners: []\ntracing: {exporter: console}\n`,
    );
    expect((await loadGuardApiConfig(bearer, { TOKEN: "t0ken" })).auth).toEqual({
      type: "http_bearer",
      token: "t0ken",
    });
    const basic = await writeConfig("auth:\n  type: http_basic\n  username: u\n  password: p\n");
    expect((await loadGuardApiConfig(basic, {})).auth).toEqual({
      type: "http_basic",
      username: "u",
      password: "p",
    });
  });

  it("names the file and the key in every error", async () => {
    const cases: [string, string][] = [
      ["app:\n  scan_prompt_timeout: -1\n", "app.scan_prompt_timeout"],
      ["app:\n  colour: blue\n", "app.colour: unknown key"],
      ["rate_limit:\n  limit: lots\n", "rate_limit.limit"],
      ["auth:\n  type: http_bearer\n  token: ''\n", "auth.token"],
      ["auth:\n  type: api_key\n", "auth.type"],
      ["input_scanners:\n  - type: Nope\n", 'input_scanners[0].type: unknown scanner type "Nope"'],
      ["app:\n  body_limit: huge\n", "app.body_limit"],
    ];
    for (const [text, key] of cases) {
      const path = await writeConfig(text);
      const error = await loadGuardApiConfig(path, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`${path}: ${key}`);
    }
    const unset = await writeConfig(
      `auth:\n  type: http_bearer\n  token: ${ref("NO_SUCH_TOKEN")}\n`,
    );
    await expect(loadGuardApiConfig(unset, {})).rejects.toThrow(/NO_SUCH_TOKEN is not set/);
  });

  it("uses defaults without a file", async () => {
    const config = await loadGuardApiConfig();
    expect(config.input_scanners).toBeUndefined();
    expect(config.app.scan_prompt_timeout).toBe(10);
  });
});

describe("parseRateLimit", () => {
  it("reads slowapi-style limits", () => {
    expect(parseRateLimit("100/minute")).toEqual({
      max: 100,
      windowMs: 60_000,
      text: "100 per 1 minute",
    });
    expect(parseRateLimit("10 per second")).toMatchObject({ max: 10, windowMs: 1_000 });
    expect(parseRateLimit("1000/5 minutes")).toMatchObject({ max: 1000, windowMs: 300_000 });
    expect(parseRateLimit("fast")).toBeUndefined();
  });
});
