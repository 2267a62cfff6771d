/** OpenAI chat completion → Anthropic Messages response. */
import type { AnthropicMessage, AnthropicResponseBlock } from "../formats/anthropic.js";
import type { ChatCompletion, ToolCall } from "../formats/openai.js";
import { newId } from "./common.js";
import { toAnthropicStopReason } from "./stop-reasons.js";
import { openAIToAnthropicUsage } from "./usage.js";

/**
 * Tool arguments as an object for a `tool_use` block. Models sometimes emit invalid JSON; the raw
 * text is kept under `raw_arguments` instead of being lost.
 */
export function toToolInput(args: string): Record<string, unknown> {
  if (args.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(args);
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // fall through to the raw form
  }
  return { raw_arguments: args };
}

function toolUseBlock(call: ToolCall): AnthropicResponseBlock {
  return {
    type: "tool_use",
    id: call.id,
    name: call.function.name,
    input: toToolInput(call.function.arguments),
  };
}

/**
 * Translate an OpenAI `chat.completion` (first choice) into an Anthropic message.
 * @param model the model name to report (what the client asked for).
 * @example
 * chatToMessagesResponse(completion, "gpt-4o").stop_reason; // "end_turn"
 */
export function chatToMessagesResponse(res: ChatCompletion, model: string): AnthropicMessage {
  const choice = res.choices[0];
  const content: AnthropicResponseBlock[] = [];
  const reasoning = choice?.message.reasoning_content ?? choice?.message.reasoning;
  if (typeof reasoning === "string" && reasoning !== "") {
    content.push({ type: "thinking", thinking: reasoning, signature: "" });
  }
  const text = choice?.message.content ?? choice?.message.refusal;
  if (text) content.push({ type: "text", text });
  for (const call of choice?.message.tool_calls ?? []) content.push(toolUseBlock(call));
  return {
    id: res.id.startsWith("msg_") ? res.id : newId("msg_"),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: toAnthropicStopReason(choice?.finish_reason) ?? "end_turn",
    stop_sequence: null,
    usage: openAIToAnthropicUsage(res.usage),
  };
}
