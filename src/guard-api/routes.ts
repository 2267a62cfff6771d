import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from "fastify";
import { z } from "zod";
import type { Logger } from "../common/logger.js";
import { packageVersion } from "../common/version.js";
import type { ScanOutcome, ScanPool } from "../workers/scan-pool.js";
import type { ScanMode } from "../workers/scan-task.js";
import type { GuardApiConfig } from "./config.js";
import { HttpError, toValidationError } from "./errors.js";
import type { GuardMetrics } from "./metrics.js";

/** Body of `POST /analyze/prompt` and `POST /scan/prompt` (LLM Guard's `AnalyzePromptRequest`). */
export const promptRequestSchema = z.object({
  prompt: z.string(),
  scanners_suppress: z.array(z.string()).default([]),
});

/** Whether the scanners are loaded; `error` holds why loading failed. */
export interface Readiness {
  ready: boolean;
  error?: string;
}

export interface GuardRouteDeps {
  config: GuardApiConfig;
  pool: ScanPool;
  metrics: GuardMetrics;
  logger: Logger;
  readiness: Readiness;
  authCheck: ((request: FastifyRequest) => void) | undefined;
}

const open = { rateLimit: false } as const;

const analyzeResponse = {
  type: "object",
  properties: {
    sanitized_prompt: { type: "string" },
    is_valid: { type: "boolean" },
    scanners: { type: "object", additionalProperties: { type: "number" } },
  },
} as const;
const scanResponse = {
  type: "object",
  properties: analyzeResponse.properties,
  required: ["is_valid", "scanners"],
} as const;

function notReady(readiness: Readiness): HttpError {
  return new HttpError(503, "Scanners are not loaded yet.", {
    headers: { "retry-after": "5" },
    details: readiness.error === undefined ? null : { error: readiness.error },
  });
}

/** Aborted when the client's connection closes before its answer was written. */
function clientGone(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}

function logScan(logger: Logger, mode: ScanMode, outcome: ScanOutcome, isValid: boolean): void {
  logger.info(
    {
      mode,
      is_valid: isValid,
      scores: outcome.scores,
      elapsed_time_seconds: Math.round(outcome.elapsedMs * 1000) / 1e6,
    },
    "Scanned prompt",
  );
  for (const [name, valid] of Object.entries(outcome.valid)) {
    if (name.startsWith("PromptInjection") && !valid) {
      logger.warn({ scanner: name, score: outcome.scores[name] }, "Detected prompt injection");
    }
  }
}

async function runScan(
  deps: GuardRouteDeps,
  mode: ScanMode,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ outcome: ScanOutcome; isValid: boolean }> {
  if (!deps.readiness.ready) throw notReady(deps.readiness);
  const parsed = promptRequestSchema.safeParse(request.body);
  if (!parsed.success) throw toValidationError(parsed.error);
  const { prompt, scanners_suppress } = parsed.data;
  deps.logger.debug({ mode, prompt, scanners_suppress }, "Received prompt");
  const outcome = await deps.pool.scan(prompt, {
    mode,
    failFast: deps.config.app.scan_fail_fast,
    suppress: scanners_suppress,
    signal: clientGone(reply.raw),
  });
  const isValid = Object.values(outcome.valid).every(Boolean);
  deps.metrics.observeScan(mode, outcome.elapsedMs / 1000, outcome.valid);
  logScan(deps.logger, mode, outcome, isValid);
  return { outcome, isValid };
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
    { preParsing, schema: { response: { 200: analyzeResponse } } },
    async (request, reply) => {
      const { outcome, isValid } = await runScan(deps, "analyze", request, reply);
      return { sanitized_prompt: outcome.sanitized, is_valid: isValid, scanners: outcome.scores };
    },
  );
  scope.post(
    "/scan/prompt",
    { preParsing, schema: { response: { 200: scanResponse } } },
    async (request, reply) => {
      const { outcome, isValid } = await runScan(deps, "scan", request, reply);
      return { is_valid: isValid, scanners: outcome.scores };
    },
  );
}
