// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these tests are about ${VAR} placeholders in YAML
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadYamlConfig, resolveEnvRef } from "../../src/common/config.js";
import { ConfigError } from "../../src/common/errors.js";

async function yamlFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ragguard-config-"));
  const path = join(dir, "config.yaml");
  await writeFile(path, text);
  return path;
}

const schema = z.strictObject({
  name: z.string(),
  port: z.number(),
  enabled: z.boolean(),
  token: z.string().optional(),
});

describe("loadYamlConfig", () => {
  it("interpolates ${VAR:default} in values, keeping types of whole placeholders", async () => {
    const path = await yamlFile(
      "# a commented ${UNSET_IN_COMMENT} is left alone\nname: app-${NAME:dev}\nport: ${PORT:8000}\nenabled: ${ON:false}\ntoken: ${TOKEN}\n",
    );
    const config = await loadYamlConfig(path, schema, {
      interpolate: true,
      env: { NAME: "prod", TOKEN: "t0k" },
    });
    expect(config).toEqual({ name: "app-prod", port: 8000, enabled: false, token: "t0k" });
  });

  it("names the variable that is unset and has no default", async () => {
    const path = await yamlFile("name: x\nport: 1\nenabled: true\ntoken: ${MISSING_TOKEN}\n");
    await expect(loadYamlConfig(path, schema, { interpolate: true, env: {} })).rejects.toThrow(
      /MISSING_TOKEN is not set/,
    );
  });

  it("names the file and the key of a wrong or unknown value", async () => {
    const path = await yamlFile("name: x\nport: eighty\nenabled: true\nextra: 1\n");
    const error = await loadYamlConfig(path, schema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${path}: port:`);
    expect((error as Error).message).toContain(`${path}: extra: unknown key`);
  });

  it("reports unreadable files and broken YAML with the path", async () => {
    await expect(loadYamlConfig("/nonexistent/ragguard.yaml", schema)).rejects.toThrow(
      /\/nonexistent\/ragguard\.yaml: cannot read/,
    );
    const path = await yamlFile("name: [unclosed\n");
    await expect(loadYamlConfig(path, schema)).rejects.toThrow(/not valid YAML/);
  });
});

describe("resolveEnvRef", () => {
  it("resolves os.environ/VAR and names the key when the variable is unset", () => {
    expect(resolveEnvRef("os.environ/KEY", { KEY: "v" }, "a.b")).toBe("v");
    expect(resolveEnvRef("literal", {}, "a.b")).toBe("literal");
    expect(() => resolveEnvRef("os.environ/NOPE", {}, "model_list[0].api_key")).toThrow(
      "model_list[0].api_key: environment variable NOPE is not set",
    );
  });
});
