import { writesInfo } from "../../common/logger.js";
import type { ProviderCallContext } from "../hooks.js";
import { segmentSeparator } from "./guard-batch.js";
import type { GuardSource } from "./guard-field-rules.js";
import type { TextCheck } from "./guard-text-check.js";

/** The prefix of the log line written for every guard verdict (spec rule 1). */
export const guardLogPrefix = "Guard: Received response - ";

/**
 * Write the guard line of one checked text: the guard's `sanitized_prompt` (every scanner
 * applied, so personal data and secrets are redacted whatever `guard_actions` says), `is_valid`
 * and `scanners`. `logPrompts: false` writes the prompt's length instead of the prompt. With
 * nothing to scan (`check` undefined) the line still records the decision.
 */
export function writeGuardLine(
  ctx: ProviderCallContext,
  check: TextCheck | undefined,
  source: GuardSource,
  logPrompts: boolean,
  /** The length of the text the guard read (logged instead of it with `logPrompts` false). */
  promptLength = 0,
): void {
  if (!writesInfo(ctx.logger)) return;
  const fields = { route: ctx.route, model: ctx.model, source, action: check?.outcome ?? "passed" };
  if (check === undefined) {
    const empty = logPrompts ? { sanitized_prompt: "" } : { prompt_length: 0 };
    ctx.logger.info(
      { ...fields, scanned: false },
      `${guardLogPrefix}${JSON.stringify({ ...empty, is_valid: true, scanners: {} })}`,
    );
    return;
  }
  const { sanitized_prompt, is_valid, scanners } = check.verdict;
  const text = sanitized_prompt.split(segmentSeparator).join("\n");
  const prompt = logPrompts ? { sanitized_prompt: text } : { prompt_length: promptLength };
  ctx.logger.info(fields, `${guardLogPrefix}${JSON.stringify({ ...prompt, is_valid, scanners })}`);
}
