import { AIMessage, type BaseMessage, isBaseMessage, ToolMessage } from "@langchain/core/messages";
import type { Logger } from "../common/logger.js";
import { Vault } from "../scanners/vault.js";
import { contentTexts, isUserMessage } from "./message-content.js";
import { mapAIMessage, mapDeepStrings, mapMessageTexts } from "./message-map.js";
import type { ConversationScanners } from "./options.js";
import { assertAccepted, screenTexts } from "./screen-texts.js";
import { redactOriginals } from "./vault-text.js";

/** What the agent middleware keeps per thread, in private agent state. */
export interface GuardState {
  messages: BaseMessage[];
  /** The thread's vault entries. */
  _ragguardVault: [string, string][];
  /** Per screened message id: its texts as the scanners left them. */
  _ragguardSanitized: Record<string, string[]>;
  /** Ids of refused messages: kept in the thread, never sent to the model as they are. */
  _ragguardRefused: string[];
}

export interface GuardUpdate extends Partial<Omit<GuardState, "messages">> {
  messages?: BaseMessage[];
  jumpTo?: "end";
}

export interface AgentScreeningOptions {
  scanners: ConversationScanners;
  failFast: boolean;
  ignoreInvalid: readonly string[];
  messages: "last" | "all";
  screenToolResults: boolean;
  refusalMessage?: string | undefined;
  logger?: Logger | undefined;
}

/** Told to the model in place of a refused tool result (its tool call still needs an answer). */
export const withheldToolResult = "[tool result withheld: it failed ragguard's screening]";

export function vaultFromState(entries: readonly (readonly [string, string])[] | undefined): Vault {
  const vault = new Vault();
  vault.extend(entries ?? []);
  return vault;
}

/** The messages this model call must screen first: new user messages, and tool results if asked. */
function pendingMessages(state: GuardState, options: AgentScreeningOptions): BaseMessage[] {
  const done = (message: BaseMessage): boolean =>
    message.id !== undefined &&
    (message.id in state._ragguardSanitized || state._ragguardRefused.includes(message.id));
  const users = state.messages.filter(isUserMessage);
  const chosen: BaseMessage[] = options.messages === "all" ? users : users.slice(-1);
  const tools = options.screenToolResults ? state.messages.filter(ToolMessage.isInstance) : [];
  return [...chosen, ...tools].filter((message) => !done(message));
}

/**
 * The `beforeModel` step: screen what is new in the thread. Resolves to the state update (the
 * vault and the sanitized texts), or to a refusal that ends the run; throws `PromptRejectedError`
 * when no refusal message is configured.
 */
export async function screenNewMessages(
  state: GuardState,
  options: AgentScreeningOptions,
): Promise<GuardUpdate | undefined> {
  const pending = pendingMessages(state, options);
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
      _ragguardRefused: [
        ...state._ragguardRefused,
        ...pending.flatMap((message) => message.id ?? []),
      ],
    };
  }
  assertAccepted(result);
  return {
    _ragguardVault: vault.get().map(([placeholder, original]) => [placeholder, original]),
    _ragguardSanitized: {
      ...state._ragguardSanitized,
      ...sanitizedById(pending, result.sanitized),
    },
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

/**
 * The messages as the model may see them: screened user and tool messages carry the scanners'
 * texts, refused user messages are left out, refused tool results are withheld, and every known
 * original elsewhere becomes its placeholder.
 */
export function messagesForModel(
  messages: readonly BaseMessage[],
  state: GuardState,
): BaseMessage[] {
  const vault = vaultFromState(state._ragguardVault);
  const sanitized = state._ragguardSanitized ?? {};
  const refused = new Set(state._ragguardRefused ?? []);
  const hide = (text: string): string => redactOriginals(vault, text);
  return messages
    .filter((message) => !(isUserMessage(message) && message.id && refused.has(message.id)))
    .map((message) => {
      const id = message.id ?? "";
      if (ToolMessage.isInstance(message) && refused.has(id)) {
        return mapMessageTexts(message, () => withheldToolResult);
      }
      const texts = sanitized[id];
      if (texts === undefined || !(isUserMessage(message) || ToolMessage.isInstance(message))) {
        return mapMessageTexts(message, hide);
      }
      let next = 0;
      return mapMessageTexts(message, (text) => hide(texts[next++] ?? text));
    });
}

/**
 * Restore the model's answer: an AIMessage, or the `{ structuredResponse, messages }` the agent
 * hands back for a structured output (parsed from the raw tool call, so it holds placeholders).
 * Anything else (a Command) passes through.
 */
export function restoreAnswer(answer: unknown, restore: (text: string) => string): unknown {
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
