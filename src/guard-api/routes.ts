import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from "fastify";
import type { Logger } from "../common/logger.js";
import { packageVersion } from "../common/version.js";
import type { ScanOutcome, ScanPool } from "../workers/scan-pool.js";
import type { ScanMode } from "../workers/scan-task.js";
import { connectionGone } from "./client-gone.js";
import type { GuardApiConfig } from "./config.js";
import { HttpError, toValidationError } from "./errors.js";
import type { GuardMetrics } from "./metrics.js";
import { outputRequestSchema, promptRequestSchema, responseSchemas } from "./schemas.js";

/** Whether the scanners are loaded; `error` holds why loading failed. */
export interface Readiness {
  ready: boolean;
  error?: string | undefined;
}

export interface GuardRouteDeps {
  config: GuardApiConfig;
  pool: ScanPool;
  metrics: GuardMetrics;
  logger: Logger;
  readiness: Readiness;
  authCheck: ((request: FastifyRequest) => void) | undefined;
  /** Scores as the response carries them (`app.score_scale`), for prompt and output scans. */
  scale: { prompt: ScaleScores; output: ScaleScores };
}

/** Turns a scan's score map into the configured scale. */
export type ScaleScores = (scores: Readonly<Record<string, number>>) => Record<string, number>;

const open = { rateLimit: false } as const;

function notReady(readiness: Readiness): HttpError {
  return new HttpError(503, "Scanners are not loaded yet.", {
    headers: { "retry-after": "5" },
    details: readiness.error === undefined ? null : { error: readiness.error },
  });
}

function logScan(
  logger: Logger,
  mode: ScanMode,
  outcome: ScanOutcome,
  isValid: boolean,
  what: "prompt" | "output",
): void {
  logger.info(
    {
      mode,
      is_valid: isValid,
      scores: outcome.scores,
      elapsed_time_seconds: Math.round(outcome.elapsedMs * 1000) / 1e6,
    },
    what === "prompt" ? "Scanned prompt" : "Scanned output",
  );
  for (const [name, valid] of Object.entries(outcome.valid)) {
    if (name.startsWith("PromptInjection") && !valid) {
      logger.warn({ scanner: name, score: outcome.scores[name] }, "Detected prompt injection");
    }
  }
}

interface ScanAnswer {
  outcome: ScanOutcome;
  isValid: boolean;
}

async function runScan(
  deps: GuardRouteDeps,
  mode: ScanMode,
  request: FastifyRequest,
): Promise<ScanAnswer> {
  if (!deps.readiness.ready) throw notReady(deps.readiness);
  const parsed = promptRequestSchema.safeParse(request.body);
  if (!parsed.success) throw toValidationError(parsed.error, request.body);
  const { prompt, scanners_suppress, source, return_vault } = parsed.data;
  deps.logger.debug({ mode, prompt, scanners_suppress, source }, "Received prompt");
  const outcome = await deps.pool.scan(prompt, {
    mode,
    failFast: deps.config.app.scan_fail_fast,
    suppress: scanners_suppress,
    signal: connectionGone(request.raw.socket),
    ...(source === undefined ? {} : { source }),
    returnVault: return_vault,
  });
  return finish(deps, mode, outcome, "prompt");
}

async function runOutputScan(
  deps: GuardRouteDeps,
  mode: ScanMode,
  request: FastifyRequest,
): Promise<ScanAnswer> {
  if (!deps.readiness.ready) throw notReady(deps.readiness);
  const parsed = outputRequestSchema.safeParse(request.body);
  if (!parsed.success) throw toValidationError(parsed.error, request.body);
  const { prompt, output, scanners_suppress, vault } = parsed.data;
  deps.logger.debug({ mode, prompt, output, scanners_suppress }, "Received output");
  const outcome = await deps.pool.scan(output, {
    mode,
    prompt,
    failFast: deps.config.app.scan_fail_fast,
    suppress: scanners_suppress,
    signal: connectionGone(request.raw.socket),
    timeoutMs: deps.config.app.scan_output_timeout * 1000,
    ...(vault === undefined ? {} : { vault }),
  });
  return finish(deps, mode, outcome, "output");
}

function finish(
  deps: GuardRouteDeps,
  mode: ScanMode,
  outcome: ScanOutcome,
  what: "prompt" | "output",
): ScanAnswer {
  const isValid = Object.values(outcome.valid).every(Boolean);
  deps.metrics.observeScan(
    what === "prompt" ? mode : `${mode}_output`,
    outcome.elapsedMs / 1000,
    outcome.valid,
  );
  logScan(deps.logger, mode, outcome, isValid, what);
  return { outcome, isValid };
}

/** `vault` only when the request asked for it (`return_vault`). */
function withVault<T extends object>(body: T, outcome: ScanOutcome): T & { vault?: unknown } {
  return outcome.vault === undefined ? body : { ...body, vault: outcome.vault };
}

/** Register every route on `scope` (called once at the root and once under `/v1`). */
export function registerGuardRoutes(scope: FastifyInstance, deps: GuardRouteDeps): void {
  const { authCheck, readiness, metrics, config } = deps;
  // preParsing: after the rate limit (onRequest), before the body is read, so a guessing client
  // is still rate limited and an unauthenticated one never costs a body parse.
  const preParsing = authCheck
    ? [
        async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
          authCheck(request);
          return payload;
        },
      ]
    : [];

  scope.get("/", { config: open }, async () => ({
    name: config.app.name,
    version: packageVersion,
  }));
  scope.get("/healthz", { config: open }, async () => ({ status: "alive" }));
  scope.get("/readyz", { config: open }, async () => {
    if (!readiness.ready) throw notReady(readiness);
    const saturation = { queue_size: deps.pool.queueSize, max_queue: deps.pool.maxQueue };
    // A full queue refuses new scans: a load balancer should send them to another replica.
    if (saturation.queue_size >= saturation.max_queue) {
      throw new HttpError(503, "Saturated: the scan queue is full.", {
        headers: { "retry-after": "1" },
        details: saturation,
      });
    }
    return { status: "ready", ...saturation };
  });
  scope.get("/metrics", { config: open }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  scope.post(
    "/analyze/prompt",
    { preParsing, schema: { response: { 200: responseSchemas.analyzePrompt } } },
    async (request) => {
      const { outcome, isValid } = await runScan(deps, "analyze", request);
      const body = {
        sanitized_prompt: outcome.sanitized,
        is_valid: isValid,
        scanners: deps.scale.prompt(outcome.scores),
      };
      return withVault(body, outcome);
    },
  );
  scope.post(
    "/scan/prompt",
    { preParsing, schema: { response: { 200: responseSchemas.scanPrompt } } },
    async (request) => {
      const { outcome, isValid } = await runScan(deps, "scan", request);
      return withVault({ is_valid: isValid, scanners: deps.scale.prompt(outcome.scores) }, outcome);
    },
  );
  scope.post(
    "/analyze/output",
    { preParsing, schema: { response: { 200: responseSchemas.analyzeOutput } } },
    async (request) => {
      const { outcome, isValid } = await runOutputScan(deps, "analyze", request);
      const scanners = deps.scale.output(outcome.scores);
      return { sanitized_output: outcome.sanitized, is_valid: isValid, scanners };
    },
  );
  scope.post(
    "/scan/output",
    { preParsing, schema: { response: { 200: responseSchemas.scanOutput } } },
    async (request) => {
      const { outcome, isValid } = await runOutputScan(deps, "scan", request);
      return { is_valid: isValid, scanners: deps.scale.output(outcome.scores) };
    },
  );
}
