import type { AIMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { Deanonymize } from "../scanners/deanonymize.js";
import {
  type GuardState,
  messagesForModel,
  restoreAnswer,
  screenNewMessages,
  vaultFromState,
} from "./agent-screening.js";
import { createPromptScanners } from "./default-scanners.js";
import { conversationScannersSchema, loggerSchema, parseScreeningOptions } from "./options.js";

export const guardMiddlewareOptionsSchema = z.object({
  scanners: conversationScannersSchema.optional(),
  failFast: z.boolean().default(false),
  ignoreInvalid: z.array(z.string().min(1)).default(["Anonymize"]),
  messages: z.enum(["last", "all"]).default("all"),
  screenToolResults: z.boolean().default(false),
  refusalMessage: z.string().min(1).optional(),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: builds the scanners around the conversation's vault (one vault per thread, kept in
 * the agent state); default {@link createPromptScanners}(). `ignoreInvalid` (default
 * `["Anonymize"]`): PII is replaced by placeholders and passed on; `[]` rejects it.
 * `messages` (default `"all"`): screen every user message not screened yet in this thread (with a
 * checkpointer that is the newest one; without one, the history the caller sends along is
 * screened too, since it reaches the model); `"last"`: only the newest. `screenToolResults`
 * (default false): screen tool results too (PII, and injections planted in fetched content); a
 * refused tool result is withheld from the model. `refusalMessage`: end the run with this answer
 * instead of throwing `PromptRejectedError`.
 */
export type GuardMiddlewareOptions = z.input<typeof guardMiddlewareOptionsSchema>;

// Private agent state (keys starting with "_" stay out of the agent's input and output); see
// GuardState for what each key holds.
const stateSchema = z.object({
  _ragguardVault: z.array(z.tuple([z.string(), z.string()])).default([]),
  _ragguardSanitized: z.record(z.string(), z.array(z.string())).default({}),
  _ragguardRefused: z.array(z.string()).default([]),
});

/**
 * Middleware for `createAgent` (langchain 1.x) that screens the user's prompt before every model
 * call, offline: PII becomes placeholders (and comes back in the answer and in tool arguments),
 * and a prompt injection or toxic prompt stops the agent before the model sees it.
 *
 * @example
 * import { guardMiddleware } from "ragguard/agents";
 * const agent = createAgent({ model, tools, middleware: [guardMiddleware({ scanners })] });
 */
export function guardMiddleware(options: GuardMiddlewareOptions = {}) {
  const { scanners, ...rest } = parseScreeningOptions(
    guardMiddlewareOptionsSchema,
    options,
    "guardMiddleware",
  );
  const parsed = { ...rest, scanners: scanners ?? createPromptScanners() };
  return createMiddleware({
    name: "RagguardGuardMiddleware",
    stateSchema,
    beforeModel: {
      canJumpTo: ["end"],
      hook: async (state) => screenNewMessages(state as GuardState, parsed),
    },
    wrapModelCall: async (request, handler) => {
      const state = request.state as GuardState;
      const messages = messagesForModel(request.messages, state);
      const answer: unknown = await handler({ ...request, messages });
      const deanonymize = new Deanonymize(vaultFromState(state._ragguardVault));
      return restoreAnswer(answer, (text) => deanonymize.restore(text)) as AIMessage;
    },
  });
}
