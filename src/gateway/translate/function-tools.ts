/**
 * Narrow an OpenAI request's tools, tool calls and tool choice to plain functions, the only kind
 * Anthropic and Gemini models take; custom tools and allowed-tools choices get a clear 400.
 */
import type {
  AssistantMessage,
  ChatCompletionRequest,
  FunctionTool,
  ToolCall,
  ToolChoice,
} from "../formats/openai.js";
import { unsupported } from "./common.js";

/** A tool choice naming at most one function. */
export type FunctionToolChoice =
  | "none"
  | "auto"
  | "required"
  | { type: "function"; function: { name: string } };

/**
 * The request's function tools; a custom tool is refused.
 * @example
 * functionToolsOf(req, "an Anthropic model").map((t) => t.function.name);
 */
export function functionToolsOf(req: ChatCompletionRequest, target: string): FunctionTool[] {
  return (req.tools ?? []).map((tool) => {
    if (tool.type !== "function") throw unsupported(`custom tool "${tool.custom.name}"`, target);
    return tool;
  });
}

/** An assistant message's function calls; a custom tool call is refused. */
export function functionCallsOf(message: AssistantMessage, target: string): ToolCall[] {
  return (message.tool_calls ?? []).map((call) => {
    if (call.type !== "function")
      throw unsupported(`custom tool call "${call.custom.name}"`, target);
    return call;
  });
}

/** The request's tool choice as a function choice; custom and allowed-tools choices are refused. */
export function functionToolChoiceOf(
  choice: ToolChoice | undefined,
  target: string,
): FunctionToolChoice | undefined {
  if (choice === undefined || typeof choice === "string") return choice;
  if (choice.type === "function")
    return { type: "function", function: { name: choice.function.name } };
  throw unsupported(`tool_choice of type "${choice.type}"`, target);
}
