import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";
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

/** Whether something accepts a TCP connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
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
  it("starts both servers, creates a guarded key, passes a normal prompt and refuses an injection, and stops both", async () => {
    const guardPort = await freePort();
    const gatewayPort = await freePort();
    const env = {
      ...process.env,
      // Each server a grandchild of the script, as under npx: the script must stop the whole group.
      RAGGUARD: `sh ${root}test/helpers/ragguard-as-child.sh`,
      NODE: process.execPath,
      OPENAI_API_KEY: "sk-fake-provider-key",
      OPENAI_API_BASE: `${upstream.url}/v1`,
      GUARD_PORT: String(guardPort),
      GATEWAY_PORT: String(gatewayPort),
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
    // Nothing is left listening once the script has exited.
    expect(await accepts(guardPort)).toBe(false);
    expect(await accepts(gatewayPort)).toBe(false);
  }, 180_000);
});
