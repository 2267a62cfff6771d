import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Start `ragguard guard-api` from the sources and resolve with its address once it listens. */
function startServer(
  args: string[],
): Promise<{ child: ChildProcess; base: string; stderr: () => string }> {
  const entry = `${root}cli/ragguard.ts`;
  const script = `import(${JSON.stringify(entry)}).then((m) => m.main(["node", "cli", ...process.argv.slice(1)])).then((code) => { process.exitCode = code; });`;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script, "--", "guard-api", ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let stderr = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 60_000);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = /Guard API listening.*"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, stderr: () => stderr });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${stderr}`));
    });
  });
}

describe("ragguard guard-api", () => {
  it("serves the config's scanners, logs the address, and stops cleanly on SIGTERM", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ragguard-guard-cli-"));
    const config = join(dir, "scanners.yaml");
    await writeFile(
      config,
      [
        "app:",
        "  scan_threads: 1",
        "auth:",
        "  type: http_bearer",
        `  token: $${"{"}GUARD_TEST_TOKEN:cli-token}`,
        "input_scanners:",
        "  - type: Regex",
        "    params: { patterns: ['Bearer [A-Za-z0-9._-]+'] }",
        "",
      ].join("\n"),
    );
    const { child, base, stderr } = await startServer([
      "--config",
      config,
      "--host",
      "127.0.0.1",
      "--port",
      "0",
    ]);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: "alive" });
    const response = await fetch(`${base}/v1/analyze/prompt`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer cli-token" },
      body: JSON.stringify({ prompt: "token: Bearer abc.def" }),
    });
    expect(await response.json()).toEqual({
      sanitized_prompt: "token: [REDACTED]",
      is_valid: false,
      scanners: { Regex: 1 },
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stderr()).toContain("Shutting down");
    expect(stderr()).not.toContain("token: Bearer abc.def");
  });

  it("exits 2 naming the file and key for a bad config, and for a bad port", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ragguard-guard-cli-"));
    const config = join(dir, "bad.yaml");
    await writeFile(config, "rate_limit:\n  limit: often\n");
    const bad = await runCli("ragguard", ["guard-api", "--config", config, "--port", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${config}: rate_limit.limit`);
    const port = await runCli("ragguard", ["guard-api", "--port", "http"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain("--port must be an integer");
  });
});
