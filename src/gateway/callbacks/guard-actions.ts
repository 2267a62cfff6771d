import { z } from "zod";

/**
 * What the gateway does when a scanner flags a text: `block` refuses the call, `redact` forwards
 * the guard's sanitized text (and restores the originals on the way back), `monitor` logs and
 * counts but never blocks or changes anything (shadow mode).
 */
export const guardActionNames = ["block", "redact", "monitor"] as const;
export type GuardAction = (typeof guardActionNames)[number];

/** `guard_actions`: scanner name → action. */
export const guardActionsSchema = z.record(z.string().min(1), z.enum(guardActionNames));
export type GuardActions = Readonly<Record<string, GuardAction>>;

/**
 * The default: personal data and secrets are redacted before the provider (and restored in the
 * answer); everything else (injection, toxicity, any other scanner) blocks. Map every scanner to
 * `block` for the strictest reading of the spec's rule 4.
 */
export const defaultGuardActions: GuardActions = {
  Anonymize: "redact",
  Secrets: "redact",
  // The guard API's default Regex patterns are credential shapes, redacted like secrets.
  Regex: "redact",
  PromptInjection: "block",
  Toxicity: "block",
};

/** The action for one scanner of the guard's `scanners` map (unknown scanners block). */
export function actionOf(scanner: string, actions: GuardActions): GuardAction {
  return actions[scanner] ?? defaultGuardActions[scanner] ?? "block";
}

/** The scanner names of a `scanners` map, split by action. */
export function byAction(
  scanners: Readonly<Record<string, number>>,
  actions: GuardActions,
): Record<GuardAction, string[]> {
  const split: Record<GuardAction, string[]> = { block: [], redact: [], monitor: [] };
  for (const name of Object.keys(scanners)) split[actionOf(name, actions)].push(name);
  return split;
}
