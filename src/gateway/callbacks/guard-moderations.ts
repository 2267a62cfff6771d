import { performance } from "node:perf_hooks";
import type { Registry } from "prom-client";
import { AppError, ConfigError } from "../../common/errors.js";
import type { Caller } from "../auth/authenticate.js";
import { guardPolicyOf } from "../auth/key-guard.js";
import type { GuardMode } from "../config/schema.js";
import type { BeforeProviderCall, CallbackFactory, ProviderCallContext } from "../hooks.js";
import { admitGuardCall } from "../limits/admit-key.js";
import { createMemoryLimitStore } from "../limits/memory-limit-store.js";
import { byAction } from "./guard-actions.js";
import {
  batchSegments,
  mergeVault,
  type SegmentBatch,
  segmentSeparator,
  writeBack,
} from "./guard-batch.js";
import { createGuardClient, type GuardClient, GuardUnavailableError } from "./guard-client.js";
import { collectGuardSegments } from "./guard-fields.js";
import { guardLogPrefix, writeGuardLine } from "./guard-log.js";
import { createGuardCheckMetrics } from "./guard-metrics.js";
import { createOutputCheck } from "./guard-output.js";
import { checkText, type GuardOutcome, type TextCheck, worstOutcome } from "./guard-text-check.js";

export { guardLogPrefix };

const defaultTimeoutSeconds = 5;
const outputPromptChars = 4000;

/** The verdict header and the guard's time, on every guarded answer (and refusal). */
export function guardHeaders(outcome: GuardOutcome, ms: number): Record<string, string> {
  return { "x-ragguard-guard": outcome, "x-ragguard-guard-ms": ms.toFixed(1) };
}

/**
 * The prompt broke the guard's policy: HTTP 400 `content_policy_violation`, provider not called.
 * Names the scanners that failed; their scores only when `showScores` (master key or configured),
 * so that a client cannot use them as an oracle to tune an evasion.
 */
export class GuardRejectedError extends AppError {
  constructor(
    failed: readonly string[],
    scores: Readonly<Record<string, number>> | undefined,
    headers: Record<string, string> = {},
  ) {
    const guard: Record<string, unknown> = { is_valid: false, failed_scanners: failed };
    if (scores !== undefined) guard.scanners = scores;
    super("Violated content safety policy", {
      status: 400,
      code: "content_policy_violation",
      expose: true,
      details: { guard },
      headers,
    });
  }
}

/** The key's own `guard.enabled`, when the caller is a key that has one. */
function keyGuardEnabled(caller: Caller): boolean | undefined {
  return caller.kind === "key" ? (caller.record.guard?.enabled ?? undefined) : undefined;
}

/** `key-specific`: the key's `guard.enabled` when set, else `permissions.enable_guard_check`. */
function keyEnablesGuard(caller: Caller): boolean {
  if (caller.kind !== "key") return false;
  return keyGuardEnabled(caller) ?? caller.record.permissions.enable_guard_check === true;
}

function requestEnablesGuard(body: Record<string, unknown>): boolean {
  const metadata = body.metadata as { permissions?: { enable_guard_check?: unknown } } | undefined;
  return metadata?.permissions?.enable_guard_check === true;
}

/**
 * Whether this call is checked: `guard_mode` (rules 1–3 of the spec) and the key's own
 * `guard.enabled`, which only the master key can set. A request body can ask for a check
 * (`request-specific`) but never skip one.
 */
export function shouldCheck(mode: GuardMode | undefined, ctx: ProviderCallContext): boolean {
  switch (mode) {
    case undefined:
    case "all":
      return keyGuardEnabled(ctx.caller) !== false;
    case "key-specific":
      return keyEnablesGuard(ctx.caller);
    case "request-specific":
      return requestEnablesGuard(ctx.body) || keyGuardEnabled(ctx.caller) === true;
  }
}

/** Redact one batch: its sanitized text goes back into its segments (one call each if needed). */
async function applyRedaction(
  guard: GuardClient,
  batch: SegmentBatch,
  check: TextCheck,
  vault: Map<string, string>,
  suppress: readonly string[],
  ctx: ProviderCallContext,
): Promise<void> {
  if (writeBack(batch, mergeVault(vault, check.vault, check.forward))) return;
  for (const segment of batch.segments) {
    const one = await guard.analyzePrompt(segment.text, {
      source: batch.source,
      returnVault: true,
      scannersSuppress: suppress,
      signal: ctx.signal,
    });
    const text = mergeVault(vault, one.vault ?? [], one.sanitized_prompt);
    if (text !== segment.text) segment.replace(text);
  }
}

/**
 * `guard_moderations`: before any provider call, send every model-visible text of the request to
 * the guard API (`GUARD_API_BASE`, optional `GUARD_API_KEY`), one call per source (prompt,
 * document, tool output), log its answer, and act per scanner (`guard_actions`): refuse, forward
 * sanitized, or only record. Then check the answer on the way back ({@link createOutputCheck}).
 * Fail-closed (503) when the guard cannot answer, unless `guard_fail_open`.
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
  const guard = createGuardClient({
    baseUrl,
    apiKey: env.GUARD_API_KEY,
    timeoutMs: (settings.guard_timeout ?? defaultTimeoutSeconds) * 1000,
    http: deps.http,
    logger: deps.logger,
  });
  const metrics = createGuardCheckMetrics(registry);
  const global = {
    actions: settings.guard_actions ?? {},
    failOpen: settings.guard_fail_open === true,
  };
  const logPrompts = settings.log_prompts !== false;
  const limits = deps.limits ?? createMemoryLimitStore();

  const check: BeforeProviderCall = async function guardModerationsCheck(ctx) {
    if (!shouldCheck(settings.guard_mode, ctx)) return;
    const key = ctx.caller.kind === "key" ? ctx.caller.record : undefined;
    // guard_rpm_limit: 429 before the guard is asked (limits fail closed, 503, like rpm_limit).
    if (key !== undefined) await admitGuardCall(limits, key);
    const { actions, failOpen } = guardPolicyOf(key?.guard, global);
    const started = performance.now();
    const segments = collectGuardSegments(ctx.route, ctx.body);
    const batches = batchSegments(segments);
    let checks: TextCheck[];
    try {
      checks = await Promise.all(
        batches.map((batch) => checkText(guard, batch.text, batch.source, actions, ctx.signal)),
      );
    } catch (error) {
      metrics.record("error", (performance.now() - started) / 1000);
      if (!(error instanceof GuardUnavailableError)) throw error;
      if (!failOpen) {
        ctx.logger.warn({ reason: error.reason }, "Guard unavailable; the call is refused");
        throw error;
      }
      ctx.logger.warn(
        { reason: error.reason },
        "Guard unavailable; guard_fail_open lets the call through",
      );
      return;
    }
    let outcome: GuardOutcome = "passed";
    for (const [index, result] of checks.entries()) {
      const batch = batches[index] as SegmentBatch;
      writeGuardLine(ctx, result, batch.source, logPrompts, batch.text.length);
      outcome = worstOutcome(outcome, result.outcome);
    }
    if (batches.length === 0) writeGuardLine(ctx, undefined, "prompt", logPrompts);
    metrics.record(
      outcome === "blocked" ? "invalid" : "valid",
      (performance.now() - started) / 1000,
    );
    const showScores = ctx.caller.kind === "master" || settings.guard_show_scores === true;
    if (outcome === "blocked") {
      const failed = [...new Set(checks.flatMap((result) => result.failed))];
      const scores = Object.assign({}, ...checks.map((result) => result.verdict.scanners));
      throw new GuardRejectedError(
        failed,
        showScores ? scores : undefined,
        guardHeaders("blocked", performance.now() - started),
      );
    }
    const vault = new Map<string, string>();
    for (const [index, result] of checks.entries()) {
      if (result.outcome !== "redacted") continue;
      const split = byAction(result.verdict.scanners, actions);
      const suppress = [...split.block, ...split.monitor];
      await applyRedaction(guard, batches[index] as SegmentBatch, result, vault, suppress, ctx);
    }
    const inputMs = performance.now() - started;
    return createOutputCheck({
      guard,
      ctx,
      vault,
      inputOutcome: outcome,
      inputMs,
      actions,
      scanOutput: settings.guard_output !== false,
      windowChars: settings.guard_stream_window,
      failOpen,
      // The end of the forwarded prompt: context for output scanners, bounded in size.
      prompt: checks
        .map((result) => result.forward.split(segmentSeparator).join("\n"))
        .join("\n")
        .slice(-outputPromptChars),
      reject: (failed, scores, headers) =>
        new GuardRejectedError(failed, showScores ? scores : undefined, headers),
      headers: guardHeaders,
    });
  };
  return check;
};
