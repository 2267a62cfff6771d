import { performance } from "node:perf_hooks";
import { writesInfo } from "../../common/logger.js";
import type { AfterProviderCall, ProviderCallContext } from "../hooks.js";
import type { JsonObject } from "../providers/types.js";
import type { GuardActions } from "./guard-actions.js";
import { segmentSeparator } from "./guard-batch.js";
import { type GuardClient, GuardUnavailableError } from "./guard-client.js";
import { collectAnswerSegments } from "./guard-fields.js";
import { checkOutputText, type OutputCheck } from "./guard-output-check.js";
import { restoreInJson } from "./guard-restore.js";
import { guardStream } from "./guard-stream.js";
import { type GuardOutcome, worstOutcome } from "./guard-text-check.js";

/** The prefix of the log line of an answer check. */
export const guardOutputLogPrefix = "Guard: Checked output - ";

export interface OutputCheckOptions {
  readonly guard: GuardClient;
  readonly ctx: ProviderCallContext;
  /** The request's placeholders and their originals. */
  readonly vault: ReadonlyMap<string, string>;
  readonly inputOutcome: GuardOutcome;
  readonly inputMs: number;
  readonly actions: GuardActions;
  /** `guard_fail_open`: an answer the guard cannot check goes through (logged). */
  readonly failOpen: boolean;
  /** `guard_output` (default true). */
  readonly scanOutput: boolean;
  readonly windowChars: number | undefined;
  /** The prompt as forwarded (context for output scanners such as Relevance). */
  readonly prompt: string;
  /** Makes the error that ends a blocked answer. */
  readonly reject: (
    failed: readonly string[],
    scores: Readonly<Record<string, number>>,
    headers: Record<string, string>,
  ) => Error;
  readonly headers: (outcome: GuardOutcome, ms: number) => Record<string, string>;
}

/**
 * The way back: scan the model's answer and the tool calls it makes (`/analyze/output`), refuse
 * or redact it per `guard_actions`, and restore the request's placeholders. Whole answers are
 * checked at once; streams in windows ({@link guardStream}).
 */
export function createOutputCheck(options: OutputCheckOptions): AfterProviderCall | undefined {
  const { guard, ctx, vault } = options;
  let outcome = options.inputOutcome;
  let ms = options.inputMs;
  if (ctx.route === "embedding") return { headers: () => options.headers(outcome, ms) };

  async function check(text: string): Promise<string> {
    const started = performance.now();
    let result: OutputCheck;
    try {
      result = await checkOutputText(guard, options.prompt, text, options.actions, ctx.signal);
    } catch (error) {
      if (!options.failOpen || !(error instanceof GuardUnavailableError)) throw error;
      ctx.logger.warn(
        { reason: error.reason },
        "Guard unavailable; guard_fail_open lets the answer through",
      );
      return text;
    } finally {
      ms += performance.now() - started;
    }
    outcome = worstOutcome(outcome, result.outcome);
    if (writesInfo(ctx.logger)) {
      const { is_valid, scanners } = result.verdict;
      ctx.logger.info(
        { route: ctx.route, model: ctx.model, action: result.outcome },
        `${guardOutputLogPrefix}${JSON.stringify({ output_length: text.length, is_valid, scanners })}`,
      );
    }
    if (result.outcome === "blocked") {
      throw options.reject(result.failed, result.verdict.scanners, options.headers("blocked", ms));
    }
    return result.forward;
  }

  const checkAnswer = options.scanOutput ? check : undefined;
  if (checkAnswer === undefined && vault.size === 0) {
    return { headers: () => options.headers(outcome, ms) };
  }
  return {
    headers: () => options.headers(outcome, ms),
    async body(body: JsonObject): Promise<JsonObject> {
      const segments = collectAnswerSegments(body);
      if (checkAnswer !== undefined && segments.length > 0) {
        const text = segments.map((segment) => segment.text).join(segmentSeparator);
        const forward = await checkAnswer(text);
        if (forward !== text) {
          const parts = forward.split(segmentSeparator);
          segments.forEach((segment, index) => {
            segment.replace(parts.length === segments.length ? (parts[index] as string) : "");
          });
          if (parts.length !== segments.length) segments[0]?.replace(forward);
        }
      }
      return restoreInJson(body, vault) as JsonObject;
    },
    events: (events) =>
      guardStream(events, { vault, check: checkAnswer, windowChars: options.windowChars }),
  };
}
