import type { ChatCompletion } from "../formats/openai.js";
import type { ResponsesOutputItem, ResponsesResponse } from "../formats/openai-responses.js";
import { newId, nowSeconds } from "./common.js";

/** Chat usage → Responses usage. */
export function toResponsesUsage(usage: unknown): ResponsesResponse["usage"] {
  const u = usage as { prompt_tokens?: number; completion_tokens?: number } | undefined | null;
  if (u == null) return null;
  const input = u.prompt_tokens ?? 0;
  const output = u.completion_tokens ?? 0;
  return { input_tokens: input, output_tokens: output, total_tokens: input + output };
}

/** A `response` object around `output` (shared by the whole answer and the stream's events). */
export function responseEnvelope(
  id: string,
  model: string,
  output: ResponsesOutputItem[],
  status: ResponsesResponse["status"],
  usage: ResponsesResponse["usage"],
  incomplete: boolean,
): ResponsesResponse {
  return {
    id,
    object: "response",
    created_at: nowSeconds(),
    status,
    model,
    output,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    usage,
    error: null,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
  };
}

/**
 * Translate a chat completion (first choice) into a Responses API `response`: the text (or
 * refusal) as one `message` item, each tool call as a `function_call` item.
 * @example
 * chatToResponsesResponse(completion, "claude").output[0].type; // "message"
 */
export function chatToResponsesResponse(res: ChatCompletion, model: string): ResponsesResponse {
  const choice = res.choices[0];
  const output: ResponsesOutputItem[] = [];
  const text = choice?.message.content;
  const refusal = choice?.message.refusal;
  if (text || refusal) {
    output.push({
      type: "message",
      id: newId("msg_"),
      status: "completed",
      role: "assistant",
      content: text
        ? [{ type: "output_text", text, annotations: [] }]
        : [{ type: "refusal", refusal: refusal ?? "" }],
    });
  }
  for (const call of choice?.message.tool_calls ?? []) {
    output.push({
      type: "function_call",
      id: newId("fc_"),
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
      status: "completed",
    });
  }
  const incomplete = choice?.finish_reason === "length";
  return responseEnvelope(
    newId("resp_"),
    model,
    output,
    incomplete ? "incomplete" : "completed",
    toResponsesUsage(res.usage),
    incomplete,
  );
}
