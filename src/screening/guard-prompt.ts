import { z } from "zod";
import { ValidationError } from "../common/errors.js";
import { Vault } from "../scanners/vault.js";
import { createPromptScanners } from "./default-scanners.js";
import { loggerSchema, parseScreeningOptions, scannerSchema, vaultSchema } from "./options.js";
import { assertAccepted, screenTexts } from "./screen-texts.js";

export const guardPromptOptionsSchema = z.object({
  scanners: z.array(scannerSchema).min(1, "give at least one scanner").readonly().optional(),
  vault: vaultSchema.optional(),
  failFast: z.boolean().default(false),
  ignoreInvalid: z.array(z.string().min(1)).default([]),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: run in order on the prompt; default `Anonymize(vault)`, `Toxicity()` and
 * `PromptInjection({ matchType: SENTENCE })` (built per call: pass your own list to reuse them).
 * `vault`: where the default `Anonymize` stores originals (default a new one). `failFast` (default false): stop at the first invalid
 * scanner. `ignoreInvalid` (default none): scanner names whose "invalid" does not reject, e.g.
 * `["Anonymize"]` to pass a prompt with PII on with placeholders.
 */
export type GuardPromptOptions = z.input<typeof guardPromptOptionsSchema>;

/**
 * Screen a prompt before it reaches a model (spec rule 6). Resolves to the sanitized prompt, or
 * throws `PromptRejectedError` naming the failing scanners (the error never holds the prompt).
 *
 * @example
 * const vault = new Vault();
 * const safe = await guardPrompt(userText, {
 *   scanners: [new Anonymize(vault), new Toxicity(), new PromptInjection({ matchType: MatchType.SENTENCE })],
 *   ignoreInvalid: ["Anonymize"],
 * });
 */
export async function guardPrompt(text: string, options: GuardPromptOptions = {}): Promise<string> {
  if (typeof text !== "string") {
    throw new ValidationError(`guardPrompt: the prompt must be a string, got ${typeof text}`);
  }
  const parsed = parseScreeningOptions(guardPromptOptionsSchema, options, "guardPrompt");
  const scanners = parsed.scanners ?? createPromptScanners()(parsed.vault ?? new Vault());
  const result = await screenTexts(scanners, [text], {
    failFast: parsed.failFast,
    ignoreInvalid: parsed.ignoreInvalid,
    ...(parsed.logger ? { logger: parsed.logger } : {}),
  });
  assertAccepted(result);
  return result.sanitized[0] ?? text;
}
