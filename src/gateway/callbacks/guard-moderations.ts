import { performance } from "node:perf_hooks";
import type { Registry } from "prom-client";
import { AppError, ConfigError } from "../../common/errors.js";
import { writesInfo } from "../../common/logger.js";
import type { Caller } from "../auth/authenticate.js";
import type { GuardMode } from "../config/schema.js";
import type { BeforeProviderCall, CallbackFactory, ProviderCallContext } from "../hooks.js";
import { createGuardClient, type GuardResponse, GuardUnavailableError } from "./guard-client.js";
import { createGuardCheckMetrics } from "./guard-metrics.js";
import { extractGuardText } from "./guard-text.js";

/** The prefix of the log line written for every guard verdict (spec rule 1). */
export const guardLogPrefix = "Guard: Received response - ";

const defaultTimeoutSeconds = 5;

/** The prompt broke the guard's policy: HTTP 400 `content_policy_violation`, provider not called. */
export class GuardRejectedError extends AppError {
  constructor(verdict: GuardResponse) {
    super("Violated content safety policy", {
      status: 400,
      code: "content_policy_violation",
      expose: true,
      details: { guard: { is_valid: verdict.is_valid, scanners: verdict.scanners } },
    });
  }
}

function keyEnablesGuard(caller: Caller): boolean {
  return caller.kind === "key" && caller.record.permissions.enable_guard_check === true;
}

function requestEnablesGuard(body: Record<string, unknown>): boolean {
  const metadata = body.metadata as { permissions?: { enable_guard_check?: unknown } } | undefined;
  return metadata?.permissions?.enable_guard_check === true;
}

/** Whether `guard_mode` asks for a check of this call (rules 1–3 of the spec). */
export function shouldCheck(mode: GuardMode | undefined, ctx: ProviderCallContext): boolean {
  switch (mode) {
    case undefined:
    case "all":
      return true;
    case "key-specific":
      return keyEnablesGuard(ctx.caller);
    case "request-specific":
      return requestEnablesGuard(ctx.body);
  }
}

/**
 * `guard_moderations`: before any provider call, send the request's text to the guard API
 * (`GUARD_API_BASE`, optional `GUARD_API_KEY`), log its answer, and refuse the call when the
 * prompt is invalid. Fail-closed (503) when the guard cannot answer, unless `guard_fail_open`.
 */
export const guardModerations: CallbackFactory = (deps) => {
  const { settings, env } = deps;
  const registry = (deps as { registry?: Registry }).registry;
  const baseUrl = settings.guard_api_base ?? env.GUARD_API_BASE;
  if (baseUrl === undefined || baseUrl.trim() === "") {
    throw new ConfigError(
      "gateway_settings.callbacks: guard_moderations needs the environment variable GUARD_API_BASE (the guard API's address, e.g. http://127.0.0.1:8000)",
    );
  }
  const analyzePrompt = createGuardClient({
    baseUrl,
    apiKey: env.GUARD_API_KEY,
    timeoutMs: (settings.guard_timeout ?? defaultTimeoutSeconds) * 1000,
    http: deps.http,
    logger: deps.logger,
  });
  const metrics = createGuardCheckMetrics(registry);
  const failOpen = settings.guard_fail_open === true;

  const check: BeforeProviderCall = async function guardModerationsCheck(ctx) {
    if (!shouldCheck(settings.guard_mode, ctx)) return;
    const text = extractGuardText(ctx.route, ctx.body);
    if (text === "") return;
    const started = performance.now();
    let verdict: GuardResponse;
    try {
      verdict = await analyzePrompt(text, ctx.signal);
    } catch (error) {
      metrics.record("error", (performance.now() - started) / 1000);
      if (!failOpen || !(error instanceof GuardUnavailableError)) throw error;
      ctx.logger.warn(
        { reason: error.message },
        "Guard unavailable; guard_fail_open lets the call through",
      );
      return;
    }
    metrics.record(verdict.is_valid ? "valid" : "invalid", (performance.now() - started) / 1000);
    // The line carries the whole sanitized prompt: serialise it only when it will be written.
    if (writesInfo(ctx.logger)) {
      ctx.logger.info(
        { route: ctx.route, model: ctx.model },
        `${guardLogPrefix}${JSON.stringify(verdict)}`,
      );
    }
    if (!verdict.is_valid) throw new GuardRejectedError(verdict);
  };
  return check;
};
