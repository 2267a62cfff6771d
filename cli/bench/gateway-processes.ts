import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, ragguardBin, type ServerProcess, startServer } from "./processes.js";

export const benchMasterKey = "sk-bench-master-0123456789";

/** The fake provider's program, beside this file (in `dist/cli/bench/` after the build). */
const fakeUpstreamScript = fileURLToPath(new URL("./fake-upstream.js", import.meta.url));

/** The reference proxy's program, beside this file. */
const passThroughProxyScript = fileURLToPath(new URL("./pass-through-proxy.js", import.meta.url));

/** Start the fake provider in a process of its own (not the load generator's event loop). */
export async function startFakeUpstream(): Promise<ServerProcess> {
  const port = await freePort();
  return startServer(fakeUpstreamScript, [String(port)], `http://127.0.0.1:${port}`, "/health");
}

/**
 * Start the reference proxy (plain `node:http` server and keep-alive client, no gateway logic)
 * in front of `upstream`, in a process of its own: the floor any Node proxy has on this host.
 */
export async function startPassThroughProxy(upstream: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startServer(passThroughProxyScript, [String(port), upstream], url, "/health");
}

/**
 * The glibc settings the README gives for a small gateway footprint. glibc reads them only at
 * process start, so they go in the environment: two malloc arenas instead of one per thread, and
 * a fixed trim threshold (glibc otherwise raises it, up to 64 MB, each time a large block is
 * freed, as V8's optimizing compiler does with its zones, and then keeps that much free memory).
 */
export const smallFootprintEnv = { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072" };

export interface GatewayProcessOptions {
  dir: string;
  name: string;
  upstream: string;
  /** Turn `guard_moderations` on, against this guard API. */
  guardUrl?: string;
  /** `database_url`; default a fresh PGlite data dir under `dir`. */
  databaseUrl?: string;
  /** Added to the gateway's environment (e.g. {@link smallFootprintEnv}). */
  env?: Record<string, string>;
}

/** Start `ragguard gateway` (master key, one model on the fake upstream) as a child process. */
export async function startGateway(options: GatewayProcessOptions): Promise<ServerProcess> {
  const { dir, name, upstream, guardUrl } = options;
  const config = join(dir, `${name}.yaml`);
  const callbacks = guardUrl ? "gateway_settings: { callbacks: [guard_moderations] }\n" : "";
  const databaseUrl = options.databaseUrl ?? `pglite://${join(dir, `${name}-db`)}`;
  await writeFile(
    config,
    `model_list:\n  - model_name: gpt-4o\n    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: ${upstream}/v1 }\n` +
      `${callbacks}general_settings: { master_key: ${benchMasterKey}, database_url: "${databaseUrl}" }\n`,
  );
  const port = await freePort();
  const args = ["gateway", "--config", config, "--host", "127.0.0.1", "--port", String(port)];
  const env = { ...options.env, ...(guardUrl ? { GUARD_API_BASE: guardUrl } : {}) };
  return startServer(
    ragguardBin,
    [...args, "--log-level", "warn"],
    `http://127.0.0.1:${port}`,
    "/health/liveliness",
    env,
  );
}

/** Start the guard API (default scanners) as a child process on a free port. */
export async function startGuardApi(dir: string): Promise<ServerProcess> {
  const config = join(dir, "guard-api.yaml");
  await writeFile(config, "app:\n  log_level: warn\n");
  const port = await freePort();
  const args = ["guard-api", "--config", config, "--host", "127.0.0.1", "--port", String(port)];
  return startServer(ragguardBin, args, `http://127.0.0.1:${port}`, "/readyz");
}
