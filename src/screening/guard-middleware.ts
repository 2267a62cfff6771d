import { AIMessage, type BaseMessage, isBaseMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { Deanonymize } from "../scanners/deanonymize.js";
import { Vault } from "../scanners/vault.js";
import { createPromptScanners } from "./default-scanners.js";
import {
  contentTexts,
  isUserMessage,
  replaceContentTexts,
  withUserContent,
} from "./message-content.js";
import { mapAIMessage, mapDeepStrings, mapMessageTexts } from "./message-map.js";
import {
  type ConversationScanners,
  conversationScannersSchema,
  loggerSchema,
  parseScreeningOptions,
} from "./options.js";
import { assertAccepted, screenTexts } from "./screen-texts.js";
import { redactOriginals } from "./vault-text.js";

export const guardMiddlewareOptionsSchema = z.object({
  scanners: conversationScannersSchema.optional(),
  failFast: z.boolean().default(false),
  ignoreInvalid: z.array(z.string().min(1)).default(["Anonymize"]),
  messages: z.enum(["last", "all"]).default("all"),
  refusalMessage: z.string().min(1).optional(),
  logger: loggerSchema.optional(),
});

/**
 * `scanners`: builds the scanners around the conversation's vault (one vault per thread, kept in
 * the agent state); default {@link createPromptScanners}(). `ignoreInvalid` (default
 * `["Anonymize"]`): PII is replaced by placeholders and passed on; `[]` rejects it.
 * `messages` (default `"all"`): screen every user message not screened yet in this thread (with a
 * checkpointer that is the newest one; without one, the history the caller sends along is
 * screened too, since it reaches the model); `"last"`: only the newest. `refusalMessage`: end the
 * run with this answer instead of throwing `PromptRejectedError`.
 */
export type GuardMiddlewareOptions = z.input<typeof guardMiddlewareOptionsSchema>;

// Private agent state (keys starting with "_" stay out of the agent's input and output).
const stateSchema = z.object({
  _ragguardVault: z.array(z.tuple([z.string(), z.string()])).default([]),
  // Per screened user message id: its texts as the scanners left them.
  _ragguardSanitized: z.record(z.string(), z.array(z.string())).default({}),
  // Ids of refused user messages: kept in the thread, never sent to the model.
  _ragguardRefused: z.array(z.string()).default([]),
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
      hook: async (state) => screenNewMessages(state, parsed),
    },
    wrapModelCall: async (request, handler) => {
      const vault = vaultFromState(request.state._ragguardVault);
      const sanitized = request.state._ragguardSanitized ?? {};
      const refused = new Set(request.state._ragguardRefused ?? []);
      const hide = (text: string): string => redactOriginals(vault, text);
      const messages = request.messages
        .filter((message) => message.id === undefined || !refused.has(message.id))
        .map((message) => mapMessageTexts(withSanitizedTexts(message, sanitized), hide));
      const answer: unknown = await handler({ ...request, messages });
      const deanonymize = new Deanonymize(vault);
      return restoreAnswer(answer, (text) => deanonymize.restore(text)) as AIMessage;
    },
  });
}

type ParsedOptions = z.output<typeof guardMiddlewareOptionsSchema> & {
  scanners: ConversationScanners;
};

/**
 * Restore the model's answer: an AIMessage, or the `{ structuredResponse, messages }` the agent
 * hands back for a structured output (parsed from the raw tool call, so it holds placeholders).
 * Anything else (a Command) passes through.
 */
function restoreAnswer(answer: unknown, restore: (text: string) => string): unknown {
  if (AIMessage.isInstance(answer)) return mapAIMessage(answer, restore);
  if (typeof answer !== "object" || answer === null || !("structuredResponse" in answer)) {
    return answer;
  }
  const { structuredResponse, messages } = answer as {
    structuredResponse: unknown;
    messages?: unknown;
  };
  return {
    ...answer,
    structuredResponse: mapDeepStrings(structuredResponse, restore),
    ...(Array.isArray(messages)
      ? {
          messages: messages.map((message: unknown) =>
            isBaseMessage(message) ? mapMessageTexts(message, restore) : message,
          ),
        }
      : {}),
  };
}

/** A user message with the texts the scanners produced for it, when it was screened. */
function withSanitizedTexts(
  message: BaseMessage,
  sanitized: Record<string, string[]>,
): BaseMessage {
  const texts = message.id === undefined ? undefined : sanitized[message.id];
  if (texts === undefined || !isUserMessage(message)) return message;
  return withUserContent(message, replaceContentTexts(message.content, texts));
}

interface GuardUpdate {
  _ragguardVault?: [string, string][];
  _ragguardSanitized?: Record<string, string[]>;
  _ragguardRefused?: string[];
  messages?: BaseMessage[];
  jumpTo?: "end";
}

async function screenNewMessages(
  state: GuardState,
  options: ParsedOptions,
): Promise<GuardUpdate | undefined> {
  const screened = state._ragguardSanitized;
  const refused = state._ragguardRefused;
  const users = state.messages.filter(isUserMessage);
  const pending = (options.messages === "all" ? users : users.slice(-1)).filter(
    (message) =>
      message.id === undefined || !(message.id in screened || refused.includes(message.id)),
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
  if (result.failedScanners.length > 0 && options.refusalMessage !== undefined) {
    return {
      jumpTo: "end",
      messages: [new AIMessage(options.refusalMessage)],
      _ragguardRefused: [...refused, ...pending.flatMap((message) => message.id ?? [])],
    };
  }
  assertAccepted(result);
  return {
    _ragguardVault: vault.get().map(([placeholder, original]) => [placeholder, original]),
    _ragguardSanitized: { ...screened, ...sanitizedById(pending, result.sanitized) },
  };
}

/** Split the flat list of sanitized texts back per message id. */
function sanitizedById(
  messages: readonly BaseMessage[],
  sanitized: readonly string[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let offset = 0;
  for (const message of messages) {
    const count = contentTexts(message.content).length;
    if (message.id !== undefined) out[message.id] = sanitized.slice(offset, offset + count);
    offset += count;
  }
  return out;
}

function vaultFromState(entries: readonly (readonly [string, string])[] | undefined): Vault {
  const vault = new Vault();
  vault.extend(entries ?? []);
  return vault;
}
