import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function runExample(path: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path], {
      cwd: root,
      timeout: 60_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

it("examples/screening-loop.ts runs the whole loop offline", async () => {
  const { code, stdout, stderr } = await runExample("examples/screening-loop.ts");
  expect(code, stderr).toBe(0);
  const restored = "Sent the receipt for 4111 1111 1111 1111 to jane.doe@example.com.";
  expect(stdout.trim().split("\n")).toEqual([
    "chain: model saw placeholders only: true",
    `chain: answer: ${restored}`,
    `chain: streamed answer: ${restored}`,
    "chain: rejected (PromptInjection); model calls: 2",
    "agent: Sorry, I can't help with that. (model calls: 0)",
    "agent: model saw placeholders only: true",
    `agent: answer: ${restored}`,
  ]);
  expect(stderr).toContain("Detected prompt injection");
}, 60_000);
