import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, ragguardBin, type ServerProcess, startServer } from "./processes.js";

export const benchMasterKey = "sk-bench-master-0123456789";

/** The fake provider's program, beside this file, run through tsx. */
const fakeUpstreamScript = fileURLToPath(new URL("./fake-upstream.ts", import.meta.url));

/**
 * Start the fake provider in a process of its own (not the load generator's event loop); a
 * streamed answer comes one word every `wordGapMs`.
 */
export async function startFakeUpstream(wordGapMs = 10): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    nodeArgs: ["--import", "tsx", fakeUpstreamScript, String(port), String(wordGapMs)],
    url: `http://127.0.0.1:${port}`,
    readyPath: "/health",
  });
}

/** The Portkey gateway's Node server (`@portkey-ai/gateway`, a dev dependency of the bench). */
const portkeyScript = createRequire(import.meta.url).resolve(
  "@portkey-ai/gateway/build/start-server.js",
);

/**
 * Start the Portkey gateway on a free loopback port, headless (no console UI). It has no config
 * file: each request names its provider and upstream in headers, see {@link portkeyHeaders}.
 */
export async function startPortkey(): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    nodeArgs: [portkeyScript, `--port=${port}`, "--headless"],
    url: `http://127.0.0.1:${port}`,
    readyPath: "/",
  });
}

/** The headers that send a Portkey request to the OpenAI-compatible `upstream`. */
export function portkeyHeaders(upstream: string): Record<string, string> {
  return {
    authorization: "Bearer sk-up",
    "x-portkey-provider": "openai",
    "x-portkey-custom-host": `${upstream}/v1`,
  };
}

export interface GatewayProcessOptions {
  dir: string;
  name: string;
  upstream: string;
  /** Turn `guard_moderations` on, against this guard API. */
  guardUrl?: string;
  /** With the guard on: scan answers too (`guard_output`, the gateway's default) or not. */
  guardOutput?: boolean;
}

/**
 * Start `ragguard gateway` (the build in `dist/`: master key, one model on the fake upstream, a
 * fresh PGlite data dir) as a child process.
 */
export async function startGateway(options: GatewayProcessOptions): Promise<ServerProcess> {
  const { dir, name, upstream, guardUrl, guardOutput = true } = options;
  const config = join(dir, `${name}.yaml`);
  const callbacks = guardUrl
    ? `gateway_settings: { callbacks: [guard_moderations], guard_output: ${guardOutput} }\n`
    : "";
  const databaseUrl = `pglite://${join(dir, `${name}-db`)}`;
  await writeFile(
    config,
    `model_list:\n  - model_name: gpt-4o\n    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: ${upstream}/v1 }\n` +
      `${callbacks}general_settings: { master_key: ${benchMasterKey}, database_url: "${databaseUrl}" }\n`,
  );
  const port = await freePort();
  return startServer({
    nodeArgs: [
      ragguardBin,
      ...["gateway", "--config", config, "--host", "127.0.0.1", "--port", String(port)],
      ...["--log-level", "warn"],
    ],
    url: `http://127.0.0.1:${port}`,
    readyPath: "/health/liveliness",
    env: guardUrl ? { GUARD_API_BASE: guardUrl } : {},
  });
}

/** Start the guard API (default scanners) as a child process on a free port. */
export async function startGuardApi(dir: string): Promise<ServerProcess> {
  const config = join(dir, "guard-api.yaml");
  await writeFile(config, "app:\n  log_level: warn\n");
  const port = await freePort();
  return startServer({
    nodeArgs: [
      ragguardBin,
      ...["guard-api", "--config", config, "--host", "127.0.0.1", "--port", String(port)],
    ],
    url: `http://127.0.0.1:${port}`,
    readyPath: "/readyz",
  });
}

/** Starts one server and keeps it for the stop at the end of {@link withServers}. */
export type StartServer = <S extends ServerProcess>(server: Promise<S>) => Promise<S>;

/**
 * Run `body` with a fresh temporary directory and a `start` that records each server it starts;
 * afterwards (also on failure) every server is stopped and the directory removed.
 */
export async function withServers<T>(
  prefix: string,
  body: (start: StartServer, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const started: ServerProcess[] = [];
  try {
    return await body(async (server) => {
      const running = await server;
      started.push(running);
      return running;
    }, dir);
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    await rm(dir, { recursive: true, force: true });
  }
}
