import { z } from "zod";
import { Vault } from "../scanners/vault.js";
import { Deanonymizer } from "./deanonymizer.js";
import { createPromptScanners } from "./default-scanners.js";
import { conversationScannersSchema, loggerSchema, parseScreeningOptions } from "./options.js";
import { PromptGuard } from "./prompt-guard.js";

export const createScreeningOptionsSchema = z.object({
  scanners: conversationScannersSchema.optional(),
  failFast: z.boolean().optional(),
  ignoreInvalid: z.array(z.string().min(1)).optional(),
  inputKey: z.string().min(1).optional(),
  messages: z.enum(["last", "all"]).optional(),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: builds the conversation's scanners around its new vault, e.g.
 * `(vault) => [new Anonymize(vault), toxicity, injection]`; default {@link createPromptScanners}()
 * (made per call: build it once and pass it in when you open many conversations).
 * The other options are {@link PromptGuard}'s.
 */
export type CreateScreeningOptions = z.input<typeof createScreeningOptionsSchema>;

/** One conversation's screening: its guard, its deanonymizer, and the vault they share. */
export interface Screening {
  guard: PromptGuard;
  deanonymizer: Deanonymizer;
  vault: Vault;
}

/**
 * Make the screening for one conversation: a fresh {@link Vault}, a {@link PromptGuard} whose
 * scanners fill it and a {@link Deanonymizer} that reads it. Call it once per conversation so two
 * conversations never share placeholders.
 *
 * @example
 * const { guard, deanonymizer } = createScreening({ scanners: (vault) => [new Anonymize(vault), toxicity] });
 * const chain = guard.pipe(prompt).pipe(chatModel).pipe(deanonymizer);
 */
export function createScreening(options: CreateScreeningOptions = {}): Screening {
  const { scanners, ...guardOptions } = parseScreeningOptions(
    createScreeningOptionsSchema,
    options,
    "createScreening",
  );
  const vault = new Vault();
  const build = scanners ?? createPromptScanners();
  const guard = new PromptGuard({ ...guardOptions, scanners: [...build(vault)], vault });
  return { guard, deanonymizer: new Deanonymizer({ vault }), vault };
}
