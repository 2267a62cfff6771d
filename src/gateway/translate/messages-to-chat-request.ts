/** Anthropic Messages request → OpenAI chat-completions request (for OpenAI-family models). */
import type {
  AnthropicMessagesRequest,
  AnthropicTool,
  AnthropicToolChoice,
} from "../formats/anthropic.js";
import type {
  ChatCompletionRequest,
  ChatMessage,
  FunctionTool,
  ToolChoice,
} from "../formats/openai.js";
import { reportDropped, type TranslateOptions } from "./common.js";
import { anthropicToChatMessages } from "./messages-to-chat-content.js";

const handledParams = new Set([
  "model",
  "messages",
  "system",
  "max_tokens",
  "stop_sequences",
  "stream",
  "temperature",
  "top_p",
  "tools",
  "tool_choice",
  "metadata",
]);

/** The system prompt as one string: some compatible servers (Ollama, older vLLM) take no parts. */
function systemMessage(system: AnthropicMessagesRequest["system"]): ChatMessage[] {
  if (system === undefined) return [];
  const text = typeof system === "string" ? system : system.map((block) => block.text).join("\n");
  return text === "" ? [] : [{ role: "system", content: text }];
}

/** Client tools only: Anthropic server tools (web search, …) have no OpenAI equivalent. */
function toFunctionTools(tools: AnthropicTool[], options: TranslateOptions): FunctionTool[] {
  const out: FunctionTool[] = [];
  for (const tool of tools) {
    if (tool.type !== undefined && tool.type !== "custom") {
      options.onDroppedParam?.(`tools[${tool.name}]`);
      continue;
    }
    const fn: FunctionTool["function"] = {
      name: tool.name,
      parameters: tool.input_schema ?? { type: "object", properties: {} },
    };
    if (tool.description !== undefined) fn.description = tool.description;
    out.push({ type: "function", function: fn });
  }
  return out;
}

function toToolChoice(choice: AnthropicToolChoice): ToolChoice {
  switch (choice.type) {
    case "auto":
      return "auto";
    case "any":
      return "required";
    case "none":
      return "none";
    case "tool":
      return { type: "function", function: { name: choice.name } };
  }
}

function applyTools(
  out: ChatCompletionRequest,
  req: AnthropicMessagesRequest,
  options: TranslateOptions,
): void {
  const tools = req.tools ? toFunctionTools(req.tools, options) : [];
  if (tools.length > 0) out.tools = tools;
  if (!req.tool_choice) return;
  out.tool_choice = toToolChoice(req.tool_choice);
  const noParallel = (req.tool_choice as { disable_parallel_tool_use?: boolean })
    .disable_parallel_tool_use;
  if (noParallel && tools.length > 0) out.parallel_tool_calls = false;
}

/**
 * Translate an Anthropic `/messages` request for an OpenAI-compatible model. When streaming, it
 * asks upstream for the usage chunk so the Anthropic `message_delta` can carry token counts.
 * @example
 * messagesToChatRequest({ model: "gpt", max_tokens: 100, messages: [{ role: "user", content: "Hi" }] }, "gpt-4o");
 */
export function messagesToChatRequest(
  req: AnthropicMessagesRequest,
  modelId: string,
  options: TranslateOptions = {},
): ChatCompletionRequest {
  reportDropped(req, handledParams, options);
  const messages = [
    ...systemMessage(req.system),
    ...req.messages.flatMap((message) => anthropicToChatMessages(message, options)),
  ];
  const out: ChatCompletionRequest = { model: modelId, messages, max_tokens: req.max_tokens };
  if (req.stop_sequences?.length) out.stop = req.stop_sequences;
  if (req.temperature !== undefined) out.temperature = req.temperature;
  if (req.top_p !== undefined) out.top_p = req.top_p;
  if (req.metadata?.user_id) out.user = req.metadata.user_id;
  if (req.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  applyTools(out, req, options);
  return out;
}
