import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import type { Env } from "../common/config.js";
import { ConfigError } from "../common/errors.js";
import { type Logger, silentLogger } from "../common/logger.js";
import { createAuthenticator } from "./auth/authenticate.js";
import { createKeyStore } from "./auth/key-store.js";
import { builtinCallbacks } from "./builtin-callbacks.js";
import { parseGatewayConfig } from "./config/load.js";
import type { GatewayConfig } from "./config/resolve.js";
import type { GatewayConfigInput } from "./config/schema.js";
import type { Database } from "./db/database.js";
import { runMigrations } from "./db/migrations.js";
import { openDatabase } from "./db/open.js";
import { createDrain } from "./fleet/drain.js";
import { type FleetServices, startFleetServices } from "./fleet/fleet-services.js";
import type { BeforeProviderCall, CallbackFactory } from "./hooks.js";
import { createNodeHttpClient, fetchHttpClient, type HttpClient } from "./http/index.js";
import type { LimitStore } from "./limits/limit-store.js";
import { loadProviderAdapters } from "./providers/registry.js";
import type { ProviderAdapter } from "./providers/types.js";
import { createModelRouter } from "./router/router.js";
import { buildGatewayApp } from "./server/app.js";
import { createGatewayMetrics } from "./server/metrics.js";
import { createCallTracer } from "./telemetry/call-tracer.js";

export interface CreateGatewayOptions {
  /** The config: the YAML's shape as an object, or one already resolved by `loadGatewayConfig`. */
  config: GatewayConfigInput | GatewayConfig;
  /** Environment for `os.environ/VAR` and provider key variables; default `process.env`. */
  env?: Env;
  logger?: Logger;
  /** An open database to use (and not close); default: the one `database_url` names. */
  database?: Database;
  /** Hooks awaited before every provider call, after those of `gateway_settings.callbacks`. */
  beforeProviderCall?: readonly BeforeProviderCall[];
  /** Factories for names `gateway_settings.callbacks` may list, beside the built-in ones. */
  callbacks?: Readonly<Record<string, CallbackFactory>>;
  /**
   * Upstream HTTP client as a `fetch` function (tests record calls with one); default a
   * keep-alive `node:http` client.
   */
  fetch?: typeof fetch;
  now?: () => number;
}

/** A running-ready gateway: the fastify app and how to start and stop it. */
export interface Gateway {
  readonly app: FastifyInstance;
  readonly config: GatewayConfig;
  readonly database: Database;
  /** Listen and return the base URL (`http://host:port`). */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  /**
   * Stop gracefully: readiness turns 503, the listener closes after `shutdown_delay`, in-flight
   * requests and streams finish (cut after `shutdown_timeout`), pending spend is written.
   */
  close(): Promise<void>;
}

function buildHooks(
  config: GatewayConfig,
  options: CreateGatewayOptions,
  deps: { logger: Logger; env: Env; registry: Registry; http: HttpClient; limits: LimitStore },
): BeforeProviderCall[] {
  const factories = { ...builtinCallbacks, ...options.callbacks };
  const hooks = config.settings.callbacks.map((name, index) => {
    const factory = factories[name];
    if (factory === undefined) {
      throw new ConfigError(`gateway_settings.callbacks[${index}]: unknown callback "${name}"`);
    }
    return factory({ settings: config.settings, fetch: options.fetch ?? fetch, ...deps });
  });
  return [...hooks, ...(options.beforeProviderCall ?? [])];
}

/**
 * Create the model gateway: validate the config, open and migrate the key database, and build
 * the routes. Call `listen` to serve.
 *
 * @example
 * const gateway = await createGateway({
 *   config: {
 *     model_list: [{ model_name: "gpt-4o", gateway_params: { model: "openai/gpt-4o" } }],
 *     general_settings: { master_key: "sk-master-…" },
 *   },
 * });
 * const url = await gateway.listen({ port: 4000 });
 */
export async function createGateway(options: CreateGatewayOptions): Promise<Gateway> {
  const env = options.env ?? process.env;
  const logger = options.logger ?? silentLogger;
  const config =
    "deployments" in options.config
      ? options.config
      : parseGatewayConfig(options.config, env, "config");
  const metrics = createGatewayMetrics();
  const adapters: Readonly<Record<string, ProviderAdapter>> = await loadProviderAdapters(
    config.deployments.map((deployment) => deployment.provider),
  );
  const http = options.fetch ? fetchHttpClient(options.fetch) : createNodeHttpClient();
  const router = createModelRouter({ config, adapters, env, http, logger, metrics });
  if (config.masterKey === undefined) {
    logger.warn({}, "no general_settings.master_key: every request is accepted without a key");
  }
  const database = options.database ?? (await openDatabase(config.databaseUrl));
  const ownsDatabase = options.database === undefined;
  try {
    const applied = await runMigrations(database);
    const where =
      config.databaseUrl === undefined
        ? `${database.location} (no database_url set: the default embedded database)`
        : database.location;
    logger.info({ database: where, migrations_applied: applied }, "gateway database ready");
  } catch (error) {
    http.close();
    if (ownsDatabase) await database.close();
    throw error;
  }
  const keyStore = createKeyStore(database);
  const now = options.now ?? Date.now;
  let fleet: FleetServices | undefined;
  let hooks: BeforeProviderCall[];
  try {
    fleet = await startFleetServices({ config, database, keyStore, logger, now });
    const limits = fleet.limits;
    hooks = buildHooks(config, options, { logger, env, registry: metrics.registry, http, limits });
  } catch (error) {
    await fleet?.close();
    http.close();
    if (ownsDatabase) await database.close();
    throw error;
  }
  const { keyCache } = fleet;
  const tracer = await createCallTracer(env, logger);
  const auth = createAuthenticator({ masterKey: config.masterKey, keys: keyCache, now });
  const drain = createDrain({
    delayMs: config.fleet.shutdownDelayMs,
    timeoutMs: config.fleet.shutdownTimeoutMs,
    logger,
  });
  const app = buildGatewayApp({
    config,
    auth,
    router,
    keyStore,
    keyCache,
    hooks,
    metrics,
    logger,
    now,
    accounting: fleet.accounting,
    fleet,
    drain: drain.state,
    tracer,
  });
  return {
    app,
    config,
    database,
    async listen({ port = 4000, host = "0.0.0.0" } = {}) {
      const address = await app.listen({ port, host });
      logger.info({ address, models: router.modelNames() }, "gateway listening");
      return address;
    },
    async close() {
      await drain.run(app);
      await fleet.close();
      await tracer.close();
      http.close();
      if (ownsDatabase) await database.close();
    },
  };
}
