import { z } from "zod";
import { type GuardActions, guardActionsSchema } from "../callbacks/guard-actions.js";

/**
 * A key's own guard policy (`guard` on `/key/generate` and `/key/update`), LiteLLM-style
 * snake_case. Absent fields follow `gateway_settings`. Only the master key can write it: the key
 * routes need the master key, and nothing in a request body can change it.
 */
export const keyGuardSchema = z.strictObject({
  /** Check this key's calls (true) or not (false), whatever `guard_mode` says. */
  enabled: z.boolean().optional(),
  /** Scanner name → block | redact | monitor, over `gateway_settings.guard_actions`. */
  actions: guardActionsSchema.optional(),
  /** Let this key's calls through when the guard cannot answer (over `guard_fail_open`). */
  fail_open: z.boolean().optional(),
});
export type KeyGuard = z.output<typeof keyGuardSchema>;

/** What the guard callback applies to one call: a key's policy over the gateway's settings. */
export interface GuardPolicy {
  readonly actions: GuardActions;
  readonly failOpen: boolean;
}

/** The policy of one call: the key's `guard` fields over the global settings. */
export function guardPolicyOf(
  key: KeyGuard | null | undefined,
  global: { actions: GuardActions; failOpen: boolean },
): GuardPolicy {
  return {
    actions: { ...global.actions, ...key?.actions },
    failOpen: key?.fail_open ?? global.failOpen,
  };
}
