import { BadRequestError } from "../errors.js";
import type { ResponsesRequest } from "../formats/openai-responses.js";
import type { JsonObject } from "../providers/types.js";

type Item = Record<string, unknown>;

/** The text of a Responses content (a string, or `input_text` / `output_text` parts). */
function partsToChat(content: unknown): unknown {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: Item) => {
    if (part.type === "input_text" || part.type === "output_text") {
      return { type: "text", text: String(part.text ?? "") };
    }
    if (part.type === "input_image") {
      return { type: "image_url", image_url: { url: String(part.image_url ?? "") } };
    }
    if (part.type === "refusal") return { type: "text", text: String(part.refusal ?? "") };
    throw new BadRequestError(
      `/responses: content part type ${String(part.type)} cannot be translated for this provider`,
    );
  });
}

/** Responses input items → chat messages (function calls and their outputs included). */
function itemsToMessages(items: readonly Item[]): JsonObject[] {
  const messages: JsonObject[] = [];
  for (const item of items) {
    const type = item.type ?? "message";
    if (type === "message") {
      const role = item.role === "developer" ? "system" : String(item.role ?? "user");
      messages.push({ role, content: partsToChat(item.content) });
    } else if (type === "function_call") {
      const call = {
        id: String(item.call_id),
        type: "function",
        function: { name: String(item.name), arguments: String(item.arguments ?? "") },
      };
      const last = messages.at(-1);
      if (last?.role === "assistant" && Array.isArray(last.tool_calls)) last.tool_calls.push(call);
      else messages.push({ role: "assistant", content: null, tool_calls: [call] });
    } else if (type === "function_call_output") {
      const output = typeof item.output === "string" ? item.output : JSON.stringify(item.output);
      messages.push({ role: "tool", tool_call_id: String(item.call_id), content: output });
    } else {
      throw new BadRequestError(
        `/responses: input item type ${String(type)} cannot be translated for this provider`,
      );
    }
  }
  return messages;
}

/** Responses function tools → chat tools (other tool types are refused: they need OpenAI). */
function toolsToChat(tools: readonly Item[]): JsonObject[] {
  return tools.map((tool) => {
    if (tool.type !== "function") {
      throw new BadRequestError(
        `/responses: tool type ${String(tool.type)} is only served by OpenAI-family providers`,
      );
    }
    const fn: JsonObject = { name: tool.name };
    if (tool.description !== undefined) fn.description = tool.description;
    if (tool.parameters !== undefined) fn.parameters = tool.parameters;
    if (tool.strict !== undefined) fn.strict = tool.strict;
    return { type: "function", function: fn };
  });
}

/**
 * A Responses request as a chat completion request, for providers without the Responses API
 * (Anthropic, Gemini: the gateway translates chat for them). `previous_response_id` needs stored
 * responses, which the gateway does not keep: 400.
 */
export function responsesToChatRequest(body: ResponsesRequest, model: string): JsonObject {
  if (body.previous_response_id) {
    throw new BadRequestError(
      "/responses: previous_response_id is not supported for this provider (the gateway stores no responses); send the conversation in input",
    );
  }
  const messages: JsonObject[] = [];
  if (body.instructions) messages.push({ role: "system", content: body.instructions });
  if (typeof body.input === "string") messages.push({ role: "user", content: body.input });
  else messages.push(...itemsToMessages(body.input));
  const chat: JsonObject = { model, messages };
  if (body.tools !== undefined && body.tools.length > 0) chat.tools = toolsToChat(body.tools);
  if (body.max_output_tokens != null) chat.max_tokens = body.max_output_tokens;
  if (body.temperature != null) chat.temperature = body.temperature;
  if (body.top_p != null) chat.top_p = body.top_p;
  if (body.stream === true) {
    chat.stream = true;
    chat.stream_options = { include_usage: true };
  }
  return chat;
}
