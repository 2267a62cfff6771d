import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run `ragguard` or `ingest-cli` from the TypeScript sources (through tsx, so no build is needed)
 * in a child process, like a user would.
 */
export function runCli(
  program: "ragguard" | "ingest-cli",
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const entry = `${root}cli/${program}.ts`;
  const script = `import(${JSON.stringify(entry)}).then((m) => m.main(["node", "cli", ...process.argv.slice(1)])).then((code) => { process.exitCode = code; });`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script, "--", ...args],
      {
        cwd: options.cwd ?? root,
        env: { ...process.env, ...options.env },
        stdio: ["pipe", "pipe", "pipe"],
        timeout: options.timeoutMs ?? 60_000,
      },
    );
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
    child.stdin.end(options.input ?? "");
  });
}
