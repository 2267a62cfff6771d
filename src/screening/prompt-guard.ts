import { Runnable, type RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import type { Logger } from "../common/logger.js";
import type { Scanner } from "../scan/scanner.js";
import { Vault } from "../scanners/vault.js";
import { createPromptScanners } from "./default-scanners.js";
import { loggerSchema, parseScreeningOptions, scannerSchema, vaultSchema } from "./options.js";
import { extractPrompt, type MessageSelection } from "./prompt-input.js";
import { assertAccepted, screenTexts } from "./screen-texts.js";

export const promptGuardOptionsSchema = z.object({
  scanners: z.array(scannerSchema).min(1, "give at least one scanner").readonly().optional(),
  vault: vaultSchema.optional(),
  failFast: z.boolean().default(false),
  ignoreInvalid: z.array(z.string().min(1)).default(["Anonymize"]),
  inputKey: z.string().min(1).default("input"),
  messages: z.enum(["last", "all"]).default("last"),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: run in order, each on the previous one's sanitized text; default the spec's
 * `Anonymize(vault)`, `Toxicity()`, `PromptInjection({ matchType: SENTENCE })`. `vault`: the vault
 * of the default `Anonymize` (default a new one, exposed as `guard.vault`).
 * `ignoreInvalid` (default `["Anonymize"]`): a prompt with PII is passed on with placeholders;
 * pass `[]` to reject it instead. `inputKey` (default `"input"`): the key screened in object
 * inputs. `messages` (default `"last"`): screen only the newest user message, or `"all"`.
 */
export type PromptGuardOptions = z.input<typeof promptGuardOptionsSchema>;

/**
 * A LangChain `Runnable` that screens the user's prompt before it goes further down a chain: it
 * passes the sanitized value on (same shape as its input) or throws `PromptRejectedError`.
 * Accepts a string, a prompt value, a message list, or an object holding the prompt at `inputKey`.
 *
 * @example
 * const vault = new Vault();
 * const guard = new PromptGuard({ scanners: [new Anonymize(vault), new Toxicity()] });
 * const chain = guard.pipe(ChatPromptTemplate.fromTemplate("{input}")).pipe(chatModel);
 * await chain.invoke({ input: "Mail jane@example.com the report" }); // the model sees a placeholder
 */
export class PromptGuard<T = unknown> extends Runnable<T, T> {
  static override lc_name(): string {
    return "PromptGuard";
  }

  override lc_namespace = ["ragguard", "screening"];

  readonly scanners: readonly Scanner[];
  /** The vault given in the options, or the one made for the default scanners. */
  readonly vault: Vault | undefined;
  readonly failFast: boolean;
  readonly ignoreInvalid: readonly string[];
  readonly inputKey: string;
  readonly messages: MessageSelection;
  readonly #logger: Logger | undefined;

  constructor(options: PromptGuardOptions = {}) {
    super();
    const parsed = parseScreeningOptions(promptGuardOptionsSchema, options, "PromptGuard");
    this.vault = parsed.vault ?? (parsed.scanners ? undefined : new Vault());
    this.scanners = parsed.scanners ?? createPromptScanners()(this.vault ?? new Vault());
    this.failFast = parsed.failFast;
    this.ignoreInvalid = parsed.ignoreInvalid;
    this.inputKey = parsed.inputKey;
    this.messages = parsed.messages;
    this.#logger = parsed.logger;
  }

  override async invoke(input: T, options?: Partial<RunnableConfig>): Promise<T> {
    return this._callWithConfig((value: T) => this.screen(value), input, options);
  }

  /** Screen one input without LangChain callbacks; resolves to the sanitized input. */
  async screen(input: T): Promise<T> {
    const slots = extractPrompt(input, { inputKey: this.inputKey, messages: this.messages });
    const result = await screenTexts(this.scanners, slots.texts, {
      failFast: this.failFast,
      ignoreInvalid: this.ignoreInvalid,
      ...(this.#logger ? { logger: this.#logger } : {}),
    });
    assertAccepted(result);
    return slots.rebuild(result.sanitized) as T;
  }
}
