import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/fake-upstream.js";
import { openAIHandler } from "../helpers/openai-upstream.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("ragguard gateway", () => {
  let dir: string;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-gateway-cli-"));
    upstream = await startFakeUpstream(openAIHandler);
  });
  afterAll(async () => {
    await upstream?.close();
  });

  it("exits 2 naming the unset variable and the key that refers to it", async () => {
    const result = await runCli(
      "ragguard",
      ["gateway", "--config", "fixtures/config/gateway.yaml"],
      {
        env: { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "x", MASTER_KEY: "" },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("environment variable");
    expect(result.stderr).toMatch(/(OPENAI_API_KEY|MASTER_KEY) is not set/);
  });

  it("exits 2 naming the file and key path of a mistyped key", async () => {
    const path = join(dir, "typo.yaml");
    await writeFile(
      path,
      "model_list:\n  - model_name: a\n    gateway_parms: { model: openai/x }\n",
    );
    const result = await runCli("ragguard", ["gateway", "--config", path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path}: model_list[0].gateway_parms: unknown key`);
  });

  it("serves until SIGTERM, with the embedded database's place in the start log", async () => {
    const config = join(dir, "gateway.yaml");
    const dbDir = join(dir, "db");
    await writeFile(
      config,
      [
        "model_list:",
        "  - model_name: gpt-4o",
        "    gateway_params:",
        "      model: openai/gpt-4o",
        "      api_key: os.environ/TEST_UPSTREAM_KEY",
        `      api_base: ${upstream.url}/v1`,
        "general_settings:",
        "  master_key: os.environ/TEST_MASTER_KEY",
        `  database_url: pglite://${dbDir}`,
      ].join("\n"),
    );
    const script = `import(${JSON.stringify(`${root}cli/ragguard.ts`)}).then((m) => m.main(["node", "cli", ...process.argv.slice(1)])).then((code) => { process.exitCode = code; });`;
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        script,
        "--",
        "gateway",
        "--config",
        config,
        "--port",
        "0",
        "--host",
        "127.0.0.1",
        "--log-format",
        "json",
      ],
      {
        cwd: root,
        env: { ...process.env, TEST_UPSTREAM_KEY: "sk-up-cli", TEST_MASTER_KEY: "sk-master-cli" },
      },
    );
    let stderr = "";
    const address = await new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
        const match = /"address":"(http:\/\/[^"]+)"/.exec(stderr);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    expect(stderr).toContain(`pglite://${dbDir}`);
    const live = await fetch(`${address}/health/liveliness`);
    expect(live.status).toBe(200);
    const response = await fetch(`${address}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-master-cli", "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-4o",
        messages: [{ role: "user", content: "from the cli" }],
      }),
    });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr).not.toContain("sk-master-cli");
    expect(stderr).not.toContain("sk-up-cli");
  }, 120_000);
});
