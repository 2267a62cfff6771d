/** OpenAI chat-completions request → Anthropic Messages request. */
import { ValidationError } from "../../common/errors.js";
import type {
  AnthropicContentBlock,
  AnthropicMessageParam,
  AnthropicMessagesRequest,
  AnthropicTextBlock,
  AnthropicTool,
  AnthropicToolChoice,
} from "../formats/anthropic.js";
import type { ChatCompletionRequest, ChatMessage } from "../formats/openai.js";
import { jsonModeTool } from "./anthropic-json-mode.js";
import {
  assistantToAnthropicBlocks,
  toolToAnthropicBlock,
  userToAnthropicBlocks,
} from "./chat-to-anthropic-content.js";
import { joinText, reportDropped, type TranslateOptions } from "./common.js";
import { functionToolChoiceOf, functionToolsOf } from "./function-tools.js";

/** `max_tokens` sent when the client gave none (Anthropic requires the field). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

/** Options of {@link chatToAnthropicRequest}. */
export interface ChatToAnthropicOptions extends TranslateOptions {
  /** `max_tokens` to send when the request has neither `max_tokens` nor `max_completion_tokens`. */
  defaultMaxTokens?: number;
}

const handledParams = new Set([
  "model",
  "messages",
  "max_tokens",
  "max_completion_tokens",
  "temperature",
  "top_p",
  "top_k",
  "stop",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "response_format",
  "user",
]);

type Turn = { role: "user" | "assistant"; blocks: AnthropicContentBlock[] };

function toTurn(message: ChatMessage): Turn | undefined {
  switch (message.role) {
    case "system":
    case "developer":
      return undefined;
    case "user":
      return { role: "user", blocks: userToAnthropicBlocks(message) };
    case "assistant":
      return { role: "assistant", blocks: assistantToAnthropicBlocks(message) };
    case "tool":
      return { role: "user", blocks: [toolToAnthropicBlock(message)] };
    case "function":
      throw new ValidationError(
        'messages with role "function" are deprecated; send role "tool" with tool_call_id',
        { status: 400, code: "unsupported_content" },
      );
  }
}

/** Split system/developer messages out and merge consecutive same-role turns. */
function toAnthropicMessages(messages: ChatMessage[]): {
  system: AnthropicTextBlock[];
  messages: AnthropicMessageParam[];
} {
  const system: AnthropicTextBlock[] = [];
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === "system" || message.role === "developer") {
      system.push({ type: "text", text: joinText(message.content) });
      continue;
    }
    const turn = toTurn(message);
    if (!turn) continue;
    const last = turns.at(-1);
    if (last && last.role === turn.role) last.blocks.push(...turn.blocks);
    else turns.push(turn);
  }
  const nonEmpty = turns.filter((turn) => turn.blocks.length > 0);
  return { system, messages: nonEmpty.map((t) => ({ role: t.role, content: t.blocks })) };
}

const TARGET = "an Anthropic model";

function toAnthropicTools(req: ChatCompletionRequest): AnthropicTool[] | undefined {
  if (!req.tools) return undefined;
  return functionToolsOf(req, TARGET).map((tool) => ({
    name: tool.function.name,
    ...(tool.function.description === undefined ? {} : { description: tool.function.description }),
    input_schema: tool.function.parameters ?? { type: "object", properties: {} },
  }));
}

function toAnthropicToolChoice(req: ChatCompletionRequest): AnthropicToolChoice | undefined {
  const choice = functionToolChoiceOf(req.tool_choice, TARGET);
  const noParallel = req.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined)
    return req.parallel_tool_calls === false && req.tools
      ? { type: "auto", ...noParallel }
      : undefined;
  if (choice === "none") return { type: "none" };
  if (choice === "auto") return { type: "auto", ...noParallel };
  if (choice === "required") return { type: "any", ...noParallel };
  return { type: "tool", name: choice.function.name, ...noParallel };
}

/**
 * Translate an OpenAI chat-completions request for an Anthropic model.
 * @example
 * chatToAnthropicRequest({ model: "claude", messages: [{ role: "user", content: "Hi" }] }, "claude-sonnet-4-5");
 */
export function chatToAnthropicRequest(
  req: ChatCompletionRequest,
  modelId: string,
  options: ChatToAnthropicOptions = {},
): AnthropicMessagesRequest {
  reportDropped(req, handledParams, options);
  const { system, messages } = toAnthropicMessages(req.messages);
  const out: AnthropicMessagesRequest = {
    model: modelId,
    messages,
    max_tokens:
      req.max_completion_tokens ??
      req.max_tokens ??
      options.defaultMaxTokens ??
      DEFAULT_ANTHROPIC_MAX_TOKENS,
  };
  if (system.length === 1) out.system = system[0]?.text;
  else if (system.length > 1) out.system = system;
  if (req.stop != null) out.stop_sequences = typeof req.stop === "string" ? [req.stop] : req.stop;
  if (req.temperature != null) out.temperature = req.temperature;
  if (req.top_p != null) out.top_p = req.top_p;
  if (typeof req.top_k === "number") out.top_k = req.top_k;
  if (req.stream) out.stream = true;
  if (req.user) out.metadata = { user_id: req.user };
  const tools = toAnthropicTools(req);
  if (tools) out.tools = tools;
  const toolChoice = toAnthropicToolChoice(req);
  if (toolChoice) out.tool_choice = toolChoice;
  const jsonMode = jsonModeTool(req);
  if (jsonMode) {
    out.tools = [jsonMode.tool];
    out.tool_choice = jsonMode.choice;
  } else if (req.response_format && req.response_format.type !== "text") {
    options.onDroppedParam?.("response_format");
  }
  return out;
}
