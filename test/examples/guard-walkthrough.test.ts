import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream(openAIHandler);
});
afterAll(async () => {
  await upstream?.close();
});

describe("README key-specific walkthrough (examples/guard-walkthrough.sh)", () => {
  it("starts both servers, creates a guarded key, passes a normal prompt and refuses an injection", async () => {
    const env = {
      ...process.env,
      RAGGUARD: `${process.execPath} --import tsx ${root}test/helpers/ragguard-bin.ts`,
      OPENAI_API_KEY: "sk-fake-provider-key",
      OPENAI_API_BASE: `${upstream.url}/v1`,
      GUARD_PORT: String(await freePort()),
      GATEWAY_PORT: String(await freePort()),
      // The walkthrough's own embedded database, never the CI admin database.
      DATABASE_URL: "",
    };
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn("bash", [`${root}examples/guard-walkthrough.sh`], { cwd: root, env });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const statuses = [...result.stdout.matchAll(/HTTP (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(["200", "400"]);
    expect(result.stdout).toContain("content_policy_violation");
    const verdicts = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("Guard: Received response - "));
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]).toContain('"is_valid":true');
    expect(verdicts[1]).toContain('"is_valid":false');
    // Only the normal prompt reached the provider.
    expect(upstream.requests).toHaveLength(1);
  }, 180_000);
});
