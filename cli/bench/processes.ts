import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The `ragguard` bin of this checkout (runs the build in `dist/`). */
export const ragguardBin = fileURLToPath(new URL("../../../bin/ragguard.js", import.meta.url));
export const ingestBin = fileURLToPath(new URL("../../../bin/ingest-cli.js", import.meta.url));

/** A free TCP port on 127.0.0.1 (bound, read, released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resident and peak resident memory of a process in MiB, from /proc (Linux). */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: field("VmRSS"), peak: field("VmHWM") };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc (Linux; NaN
 * elsewhere). Unlike latency and req/s, CPU per call hardly moves when other jobs share the
 * machine.
 */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A server started as a child process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stop(): Promise<void>;
}

/** Start `node <bin> <args>` and wait until `GET <url><readyPath>` answers 200. */
export async function startServer(
  bin: string,
  args: readonly string[],
  url: string,
  readyPath: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...env },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${args[0]} exited with ${code}: ${stderr}`))),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await Promise.race([
      fetch(`${url}${readyPath}`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${args[0]} not ready after 120 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  exited.catch(() => {});
  return {
    child,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
