/**
 * OpenAI `response_format` (JSON mode / JSON schema) on an Anthropic model: the Messages API has
 * no such parameter, so the request forces one reserved tool whose input schema is the wanted
 * schema, and the reply's tool input comes back as the message text — LiteLLM's approach.
 */
import type { AnthropicTool, AnthropicToolChoice } from "../formats/anthropic.js";
import type { ChatCompletionRequest } from "../formats/openai.js";

/** Name of the reserved tool that carries JSON-mode output. */
export const JSON_MODE_TOOL_NAME = "json_tool_call";

/**
 * The forced tool for a JSON `response_format`, or `undefined` when there is none or the request
 * brings tools of its own (then `response_format` is reported as dropped).
 * @example
 * jsonModeTool({ model: "m", messages: [], response_format: { type: "json_object" } });
 */
export function jsonModeTool(
  req: ChatCompletionRequest,
): { tool: AnthropicTool; choice: AnthropicToolChoice } | undefined {
  const format = req.response_format;
  if (!format || format.type === "text" || req.tools?.length) return undefined;
  const schema =
    format.type === "json_schema" && format.json_schema.schema
      ? format.json_schema.schema
      : { type: "object", additionalProperties: true };
  const description =
    format.type === "json_schema" && format.json_schema.description
      ? format.json_schema.description
      : "Respond with a JSON object as the tool input.";
  return {
    tool: { name: JSON_MODE_TOOL_NAME, description, input_schema: schema },
    choice: { type: "tool", name: JSON_MODE_TOOL_NAME },
  };
}
