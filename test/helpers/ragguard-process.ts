import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "../../bench/processes.js";

const bin = fileURLToPath(new URL("./ragguard-bin.ts", import.meta.url));

/** A `ragguard` server running as a child process from the TypeScript sources. */
export interface RagguardProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Everything the child wrote to stderr so far (the last 16 kB). */
  stderr(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>;
}

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Start `ragguard <command> ...args --host 127.0.0.1 --port <free>` through tsx (no build in
 * `dist/` needed, so the test always runs the current sources) and wait until `GET readyPath`
 * answers 200. A child that exits or is not ready within `timeoutMs` is killed and the error
 * carries its stderr.
 */
export async function startRagguard(
  command: "gateway" | "guard-api",
  args: readonly string[],
  readyPath: string,
  options: {
    env?: NodeJS.ProcessEnv;
    /** Flags for node itself (before the script), for example `--max-old-space-size=128`. */
    nodeArgs?: readonly string[];
    timeoutMs?: number;
  } = {},
): Promise<RagguardProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      "--import",
      "tsx",
      bin,
      command,
      ...args,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...options.env } },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-16_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const running: RagguardProcess = {
    child,
    pid: child.pid ?? 0,
    url,
    stderr: () => stderr,
    stop: (graceMs = 5_000) => stopChild(child, graceMs),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `ragguard ${command} exited (${child.exitCode ?? child.signalCode}): ${stderr}`,
      );
    const ready = await fetch(`${url}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return running;
    if (Date.now() > deadline) {
      await running.stop(1_000);
      throw new Error(
        `ragguard ${command} not ready after ${options.timeoutMs ?? 60_000} ms: ${stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
