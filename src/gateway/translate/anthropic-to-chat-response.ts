/** Anthropic Messages response → OpenAI chat completion. */
import type { AnthropicMessage } from "../formats/anthropic.js";
import type { ChatCompletion, ChatCompletionMessage, ToolCall } from "../formats/openai.js";
import { JSON_MODE_TOOL_NAME } from "./anthropic-json-mode.js";
import { nowSeconds } from "./common.js";
import { toOpenAIFinishReason } from "./stop-reasons.js";
import { anthropicToOpenAIUsage } from "./usage.js";

/**
 * The OpenAI message of an Anthropic answer. `refusal` is always present, as OpenAI sends it: null,
 * or, when the model refused (`stop_reason: "refusal"`), the refusal text (and `content` null).
 */
function toMessage(content: AnthropicMessage["content"], refused: boolean): ChatCompletionMessage {
  let text = "";
  let reasoning = "";
  const toolCalls: ToolCall[] = [];
  for (const block of content) {
    if (block.type === "text") text += block.text;
    else if (block.type === "thinking") reasoning += block.thinking;
    else if (block.type === "tool_use" && block.name === JSON_MODE_TOOL_NAME) {
      text += JSON.stringify(block.input ?? {});
    } else if (block.type === "tool_use") {
      const args = JSON.stringify(block.input ?? {});
      toolCalls.push({
        id: block.id,
        type: "function",
        function: { name: block.name, arguments: args },
      });
    }
  }
  const message: ChatCompletionMessage = {
    role: "assistant",
    content: refused || (text === "" && toolCalls.length > 0) ? null : text,
    refusal: refused ? text : null,
  };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  // The de-facto field for reasoning text in OpenAI-shaped replies (LiteLLM, DeepSeek, vLLM).
  if (reasoning !== "") message.reasoning_content = reasoning;
  return message;
}

function isJsonModeReply(res: AnthropicMessage): boolean {
  const calls = res.content.filter((block) => block.type === "tool_use");
  return calls.length > 0 && calls.every((block) => block.name === JSON_MODE_TOOL_NAME);
}

/**
 * Translate an Anthropic message into an OpenAI `chat.completion`.
 * @param model the model name to report (what the client asked for).
 * @example
 * anthropicToChatResponse(message, "claude-sonnet").choices[0].finish_reason; // "stop"
 */
export function anthropicToChatResponse(res: AnthropicMessage, model: string): ChatCompletion {
  const message = toMessage(res.content, res.stop_reason === "refusal");
  const finish = toOpenAIFinishReason(res.stop_reason) ?? "stop";
  return {
    id: res.id,
    object: "chat.completion",
    created: nowSeconds(),
    model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        // A JSON-mode reply ends in the reserved tool call, which is text to the client.
        finish_reason: finish === "tool_calls" && isJsonModeReply(res) ? "stop" : finish,
      },
    ],
    usage: anthropicToOpenAIUsage(res.usage),
  };
}
