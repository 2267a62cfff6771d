import { byAction, type GuardActions } from "./guard-actions.js";
import type { GuardClient, GuardOutput } from "./guard-client.js";
import type { GuardOutcome } from "./guard-text-check.js";

/** The result of checking one piece of a model's answer. */
export interface OutputCheck {
  readonly outcome: GuardOutcome;
  readonly verdict: GuardOutput;
  /** The answer text to send on (the guard's sanitized output when a `redact` scanner changed it). */
  readonly forward: string;
  readonly failed: readonly string[];
}

const flagged = (names: readonly string[], scores: Readonly<Record<string, number>>) =>
  names.filter((name) => (scores[name] ?? 0) > 0);

/**
 * Check answer text with `/analyze/output` under the same actions as prompts; as there, a
 * `/scan/output` with the non-blocking scanners suppressed decides when the answer is invalid and
 * a block scanner scored above 0.
 */
export async function checkOutputText(
  guard: GuardClient,
  prompt: string,
  output: string,
  actions: GuardActions,
  signal: AbortSignal | undefined,
): Promise<OutputCheck> {
  const verdict = await guard.analyzeOutput(prompt, output, { signal });
  if (verdict.is_valid) return { outcome: "passed", verdict, forward: output, failed: [] };
  const split = byAction(verdict.scanners, actions);
  const nonBlock = [...split.redact, ...split.monitor];
  const blockFlagged = flagged(split.block, verdict.scanners);
  let blocked = nonBlock.length === 0;
  if (!blocked && blockFlagged.length > 0) {
    const strict = await guard.scanOutput(prompt, output, { scannersSuppress: nonBlock, signal });
    blocked = !strict.is_valid;
  }
  if (blocked) return { outcome: "blocked", verdict, forward: output, failed: blockFlagged };
  const redactFlagged = flagged(split.redact, verdict.scanners);
  if (redactFlagged.length === 0)
    return { outcome: "monitored", verdict, forward: output, failed: [] };
  // As for prompts: a `redact` scanner that flagged the answer but could not change it blocks.
  if (verdict.sanitized_output === output) {
    return { outcome: "blocked", verdict, forward: output, failed: redactFlagged };
  }
  return { outcome: "redacted", verdict, forward: verdict.sanitized_output, failed: [] };
}
