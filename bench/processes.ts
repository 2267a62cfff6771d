import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The `ragguard` bin of this checkout (runs the build in `dist/`). */
export const ragguardBin = fileURLToPath(new URL("../bin/ragguard.js", import.meta.url));
export const ingestBin = fileURLToPath(new URL("../bin/ingest-cli.js", import.meta.url));

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
 * CPU seconds (user + system) a process (every thread) or one of its threads has used so far,
 * from /proc (Linux; NaN elsewhere or once it has exited). Unlike latency and req/s, CPU per call
 * hardly moves when other jobs share the machine.
 */
export function cpuSeconds(pid: number, tid?: number): number {
  try {
    const path = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const stat = readFileSync(path, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in
    // USER_HZ ticks (100 per second on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of every thread of `pid` so far, by thread id (empty where /proc is missing). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    for (const name of readdirSync(`/proc/${pid}/task`)) {
      const seconds = cpuSeconds(pid, Number(name));
      if (Number.isFinite(seconds)) threads.set(Number(name), seconds);
    }
  } catch {
    // not Linux, or the process has exited
  }
  return threads;
}

/** A server started as a child process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stop(): Promise<void>;
}

/** How to start a server and tell that it is ready. */
export interface ServerSpec {
  /** Arguments to `node` (script first, or `--import tsx <script.ts>`). */
  nodeArgs: readonly string[];
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Answers 200 once the server is ready. */
  readyPath: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
}

/** Start `node <nodeArgs>` and wait until `GET <url><readyPath>` answers 200 (120 s at most). */
export async function startServer(spec: ServerSpec): Promise<ServerProcess> {
  const { nodeArgs, url, readyPath } = spec;
  const name = nodeArgs.filter((arg) => !arg.startsWith("-")).join(" ");
  const child = spawn(process.execPath, nodeArgs, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...spec.env },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}: ${stderr}`))),
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      const ok = await Promise.race([
        fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(5000) }).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ]);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${name} not ready after 120 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  exited.catch(() => {});
  return { child, url, stop };
}
