import { byAction, type GuardActions } from "./guard-actions.js";
import type { GuardClient, GuardResponse, GuardVault } from "./guard-client.js";
import type { GuardSource } from "./guard-field-rules.js";

/** How a check ended, most severe last: the value of the `x-ragguard-guard` header. */
export const guardOutcomes = ["passed", "monitored", "redacted", "blocked"] as const;
export type GuardOutcome = (typeof guardOutcomes)[number];

/** The most severe of two outcomes. */
export function worstOutcome(a: GuardOutcome, b: GuardOutcome): GuardOutcome {
  return guardOutcomes.indexOf(a) >= guardOutcomes.indexOf(b) ? a : b;
}

/** The result of checking one text under the configured actions. */
export interface TextCheck {
  readonly outcome: GuardOutcome;
  /** The guard's answer with every scanner applied: what the log line shows (always sanitized). */
  readonly verdict: GuardResponse;
  /** The text to forward (the original unless redacted). */
  readonly forward: string;
  /** Placeholders in `forward` and their originals. */
  readonly vault: GuardVault;
  /** Block scanners that flagged the text (when blocked). */
  readonly failed: readonly string[];
}

const flagged = (names: readonly string[], scores: Readonly<Record<string, number>>) =>
  names.filter((name) => (scores[name] ?? 0) > 0);

/**
 * Check one text. The guard's `/analyze/prompt` runs every scanner (so its sanitized prompt is
 * safe to log); its answer has one validity flag and one score per scanner but no per-scanner
 * validity, so when it is invalid and a `block` scanner scored above 0, a `/scan/prompt` with the
 * other scanners suppressed tells whether the block scanners alone reject the text. When a
 * `monitor` scanner changed the text, the forwarded copy comes from a call with only the `redact`
 * scanners. Calls: one for a clean text, two for most flagged ones, at most three. A `redact`
 * scanner that flagged a text it could not change blocks it.
 */
export async function checkText(
  guard: GuardClient,
  text: string,
  source: GuardSource,
  actions: GuardActions,
  signal: AbortSignal | undefined,
): Promise<TextCheck> {
  const verdict = await guard.analyzePrompt(text, { source, returnVault: true, signal });
  if (verdict.is_valid) {
    return { outcome: "passed", verdict, forward: text, vault: [], failed: [] };
  }
  const split = byAction(verdict.scanners, actions);
  const nonBlock = [...split.redact, ...split.monitor];
  const blockFlagged = flagged(split.block, verdict.scanners);
  let blocked = nonBlock.length === 0;
  if (!blocked && blockFlagged.length > 0) {
    const strict = await guard.scanPrompt(text, { source, scannersSuppress: nonBlock, signal });
    blocked = !strict.is_valid;
  }
  if (blocked) {
    const failed = blockFlagged.length > 0 ? blockFlagged : flagged(split.block, verdict.scanners);
    return { outcome: "blocked", verdict, forward: text, vault: [], failed };
  }
  const redactFlagged = flagged(split.redact, verdict.scanners);
  const monitorFlagged = flagged(split.monitor, verdict.scanners).length > 0;
  if (redactFlagged.length === 0) {
    return { outcome: "monitored", verdict, forward: text, vault: [], failed: [] };
  }
  let redacted = { text: verdict.sanitized_prompt, vault: verdict.vault ?? [] };
  if (monitorFlagged) {
    const only = await guard.analyzePrompt(text, {
      source,
      returnVault: true,
      scannersSuppress: [...split.block, ...split.monitor],
      signal,
    });
    redacted = { text: only.sanitized_prompt, vault: only.vault ?? [] };
  }
  // A `redact` scanner that flagged the text but could not change it (a Regex with redact off,
  // a classifier) cannot be honoured: the text is refused rather than sent on as it is.
  if (redacted.text === text) {
    return { outcome: "blocked", verdict, forward: text, vault: [], failed: redactFlagged };
  }
  return {
    outcome: "redacted",
    verdict,
    forward: redacted.text,
    vault: redacted.vault,
    failed: [],
  };
}
