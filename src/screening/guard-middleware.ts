import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { Vault } from "../scanners/vault.js";
import { contentTexts, isUserMessage } from "./message-content.js";
import { mapAIMessage, mapMessageTexts } from "./message-map.js";
import { loggerSchema, parseScreeningOptions, scannerFactorySchema } from "./options.js";
import { assertAccepted, screenTexts } from "./screen-texts.js";
import { redactOriginals, restorePlaceholders } from "./vault-text.js";

export const guardMiddlewareOptionsSchema = z.object({
  scanners: scannerFactorySchema,
  failFast: z.boolean().default(false),
  ignoreInvalid: z.array(z.string().min(1)).default(["Anonymize"]),
  messages: z.enum(["last", "all"]).default("last"),
  refusalMessage: z.string().min(1).optional(),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: builds the scanners around the conversation's vault (one vault per thread, kept in
 * the agent state). `ignoreInvalid` (default `["Anonymize"]`): PII is replaced by placeholders
 * and passed on; `[]` rejects it. `messages` (default `"last"`): screen the newest user message,
 * or every user message not screened yet. `refusalMessage`: end the run with this answer instead
 * of throwing `PromptRejectedError`.
 */
export type GuardMiddlewareOptions = z.input<typeof guardMiddlewareOptionsSchema>;

// Private agent state (keys starting with "_" stay out of the agent's input and output).
const stateSchema = z.object({
  _ragguardVault: z.array(z.tuple([z.string(), z.string()])).default([]),
  _ragguardScreened: z.array(z.string()).default([]),
});

type GuardState = z.output<typeof stateSchema> & { messages: BaseMessage[] };

/**
 * Middleware for `createAgent` (langchain 1.x) that screens the user's prompt before every model
 * call, offline: PII becomes placeholders (and comes back in the answer and in tool arguments),
 * and a prompt injection or toxic prompt stops the agent before the model sees it.
 *
 * @example
 * import { guardMiddleware } from "ragguard/agents";
 * const agent = createAgent({ model, tools, middleware: [guardMiddleware({ scanners })] });
 */
export function guardMiddleware(options: GuardMiddlewareOptions) {
  const parsed = parseScreeningOptions(guardMiddlewareOptionsSchema, options, "guardMiddleware");
  return createMiddleware({
    name: "RagguardGuardMiddleware",
    stateSchema,
    beforeModel: {
      canJumpTo: ["end"],
      hook: async (state) => screenNewMessages(state, parsed),
    },
    wrapModelCall: async (request, handler) => {
      const vault = vaultFromState(request.state._ragguardVault);
      if (vault.size === 0) return handler(request);
      const hide = (text: string): string => redactOriginals(vault, text);
      const messages = request.messages.map((message) => mapMessageTexts(message, hide));
      const answer = await handler({ ...request, messages });
      return mapAIMessage(answer, (text) => restorePlaceholders(vault, text));
    },
  });
}

type ParsedOptions = z.output<typeof guardMiddlewareOptionsSchema>;

interface GuardUpdate {
  _ragguardVault?: [string, string][];
  _ragguardScreened?: string[];
  messages?: BaseMessage[];
  jumpTo?: "end";
}

async function screenNewMessages(
  state: GuardState,
  options: ParsedOptions,
): Promise<GuardUpdate | undefined> {
  const screened = new Set(state._ragguardScreened);
  const users = state.messages.filter(isUserMessage);
  const pending = (options.messages === "all" ? users : users.slice(-1)).filter(
    (message) => message.id === undefined || !screened.has(message.id),
  );
  if (pending.length === 0) return undefined;
  const vault = vaultFromState(state._ragguardVault);
  const result = await screenTexts(
    options.scanners(vault),
    pending.flatMap((message) => contentTexts(message.content)),
    {
      failFast: options.failFast,
      ignoreInvalid: options.ignoreInvalid,
      ...(options.logger ? { logger: options.logger } : {}),
    },
  );
  const nowScreened = [
    ...screened,
    ...pending.flatMap((message) => (message.id ? [message.id] : [])),
  ];
  if (result.failedScanners.length > 0 && options.refusalMessage !== undefined) {
    return {
      jumpTo: "end",
      messages: [new AIMessage(options.refusalMessage)],
      _ragguardScreened: nowScreened,
    };
  }
  assertAccepted(result);
  return {
    _ragguardVault: vault.get().map(([placeholder, original]) => [placeholder, original]),
    _ragguardScreened: nowScreened,
  };
}

function vaultFromState(entries: readonly (readonly [string, string])[] | undefined): Vault {
  const vault = new Vault();
  vault.extend(entries ?? []);
  return vault;
}
