import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { createClientErrorHandler } from "../common/client-error.js";
import { parseConfig } from "../common/config.js";
import { createLogger, type Logger } from "../common/logger.js";
import { defaultScannerConfigs } from "../scanners/scanner-config.js";
import { createScanPool, type ScanPool } from "../workers/scan-pool.js";
import { createAuthCheck } from "./auth.js";
import {
  type GuardApiConfig,
  type GuardApiConfigInput,
  guardApiConfigSchema,
  ignoredConfigKeys,
  parseRateLimit,
} from "./config.js";
import { HttpError, installErrorHandlers } from "./errors.js";
import { createGuardMetrics, type GuardMetrics } from "./metrics.js";
import { type Readiness, registerGuardRoutes } from "./routes.js";

export interface GuardApiOptions {
  /** The config (as loaded from YAML or written inline); every key has a default. */
  config?: GuardApiConfigInput;
  /** Names the config in error messages (usually the file path). */
  source?: string;
  /** Default: a pino logger at `app.log_level`, JSON when `app.log_json`. */
  logger?: Logger;
  /** A scan pool to use instead of starting one; the caller keeps ownership (not destroyed on close). */
  pool?: ScanPool;
}

function warnAboutConfig(config: GuardApiConfig, logger: Logger): void {
  if (config.auth === undefined) {
    logger.warn(
      {},
      "Authentication is off: anyone who can reach the guard API can use it (set auth in the config)",
    );
  }
  const ignored = ignoredConfigKeys.filter((key) => config[key] !== undefined);
  if (ignored.length > 0) logger.warn({ keys: ignored }, "Config keys ignored by ragguard");
}

async function registerRateLimit(app: FastifyInstance, config: GuardApiConfig): Promise<void> {
  const limit = parseRateLimit(config.rate_limit.limit)!;
  await app.register(rateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Rate limit exceeded (${config.rate_limit.limit}); retry in ${context.after}.`,
        {
          details: { limit: config.rate_limit.limit },
        },
      ),
  });
}

/**
 * The fastify instance with the guard API's single error path, its shutdown answer, request
 * metrics and (when enabled) the rate limit; routes come after.
 */
async function createServer(
  config: GuardApiConfig,
  logger: Logger,
  metrics: GuardMetrics,
): Promise<FastifyInstance> {
  // Fastify's own 503-on-close body has another shape; the preClose/onRequest pair keeps ours.
  const app = Fastify({
    logger: false,
    bodyLimit: config.app.body_limit,
    return503OnClosing: false,
    trustProxy: config.app.trust_proxy,
    // A request must arrive whole within 300 s (node's default; fastify's is no limit).
    requestTimeout: 300_000,
    // 408/431/400 raised before routing get `{"message", "details"}` too.
    clientErrorHandler: createClientErrorHandler(({ message }) => ({ message, details: null })),
  });
  // JSON only: anything else (text/plain included, which fastify parses by default) gets 415.
  app.removeContentTypeParser("text/plain");
  installErrorHandlers(app, logger, config.app.body_limit);
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // Callback hooks, not async ones: these run on every request, and an async hook costs a
  // promise and its hook runner each time.
  app.addHook("onRequest", (_request, _reply, done) => {
    if (!closing) return done();
    done(
      new HttpError(503, "The server is shutting down.", {
        headers: { "retry-after": "1", connection: "close" },
      }),
    );
  });
  if (config.rate_limit.enabled) await registerRateLimit(app, config);
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return app;
}

/**
 * Create the guard API: LLM Guard's prompt routes (`/analyze/prompt`, `/scan/prompt`, also under
 * `/v1`), health, readiness and Prometheus metrics, scanning in a worker pool with a fresh vault
 * per request.
 * Resolves once the scanners are loaded, or at once with `app.lazy_load`.
 *
 * @example
 * const app = await createGuardApi({ config: await loadGuardApiConfig("scanners.yaml") });
 * await app.listen({ host: "127.0.0.1", port: 8000 });
 */
export async function createGuardApi(options: GuardApiOptions = {}): Promise<FastifyInstance> {
  const source = options.source ?? "guard API config";
  const config = parseConfig(guardApiConfigSchema, options.config ?? {}, source);
  const logger =
    options.logger ??
    createLogger({
      level: config.app.log_level,
      format: config.app.log_json ? "json" : "text",
      name: config.app.name,
    });
  warnAboutConfig(config, logger);
  const scanners = config.input_scanners ?? defaultScannerConfigs;
  const pool =
    options.pool ??
    createScanPool({
      scanners,
      threads: config.app.scan_threads,
      maxQueue: config.app.scan_queue_limit,
      timeoutMs: config.app.scan_prompt_timeout * 1000,
      source: `${source}: input_scanners`,
      onWorkerError: (error) =>
        logger.error({ err: error }, "A scan worker failed and was replaced"),
    });
  const metrics = createGuardMetrics(() => pool.queueSize);
  const readiness: Readiness = { ready: false };
  const app = await createServer(config, logger, metrics);
  const deps = {
    config,
    pool,
    metrics,
    logger,
    readiness,
    authCheck: createAuthCheck(config.auth),
  };
  await app.register(async (scope) => registerGuardRoutes(scope, deps));
  await app.register(async (scope) => registerGuardRoutes(scope, deps), { prefix: "/v1" });
  if (options.pool === undefined) app.addHook("onClose", async () => pool.destroy());

  const loading = pool.warmup().then(() => {
    readiness.ready = true;
    logger.info({ threads: pool.threads }, "Scanners loaded");
  });
  if (config.app.lazy_load) {
    loading.catch((error: unknown) => {
      readiness.error = error instanceof Error ? error.message : String(error);
      logger.error({ error: readiness.error }, "Loading the scanners failed");
    });
  } else {
    try {
      await loading;
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  return app;
}
