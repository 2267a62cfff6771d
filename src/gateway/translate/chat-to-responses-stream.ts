import type { ChatCompletionChunk } from "../formats/openai.js";
import type { ResponsesOutputItem } from "../formats/openai-responses.js";
import type { JsonObject } from "../providers/types.js";
import { responseEnvelope, toResponsesUsage } from "./chat-to-responses-response.js";
import { newId } from "./common.js";

interface OpenCall {
  readonly outputIndex: number;
  readonly item: Extract<ResponsesOutputItem, { type: "function_call" }>;
}

/**
 * Chat completion chunks → Responses API stream events (`response.created`, output items, text
 * and argument deltas, their `done` events, `response.completed`), numbered by `sequence_number`.
 * `push` each chunk, then `finish` once.
 */
export function createChatToResponsesStream(model: string) {
  const id = newId("resp_");
  let sequence = 0;
  let started = false;
  let usage: ReturnType<typeof toResponsesUsage> = null;
  let finish: string | null = null;
  const output: ResponsesOutputItem[] = [];
  let message:
    | { outputIndex: number; item: Extract<ResponsesOutputItem, { type: "message" }>; text: string }
    | undefined;
  const calls = new Map<number, OpenCall>();

  const event = (type: string, fields: JsonObject): JsonObject => ({
    type,
    sequence_number: sequence++,
    ...fields,
  });

  function start(events: JsonObject[]): void {
    if (started) return;
    started = true;
    events.push(
      event("response.created", {
        response: responseEnvelope(id, model, [], "in_progress", null, false),
      }),
    );
  }

  function text(delta: string, events: JsonObject[]): void {
    if (message === undefined) {
      const item = {
        type: "message",
        id: newId("msg_"),
        status: "completed",
        role: "assistant",
        content: [],
      } as const;
      message = { outputIndex: output.length, item: { ...item, content: [] }, text: "" };
      output.push(message.item);
      events.push(
        event("response.output_item.added", {
          output_index: message.outputIndex,
          item: { ...item, status: "in_progress" },
        }),
      );
      events.push(
        event("response.content_part.added", {
          item_id: item.id,
          output_index: message.outputIndex,
          content_index: 0,
          part: { type: "output_text", text: "", annotations: [] },
        }),
      );
    }
    message.text += delta;
    events.push(
      event("response.output_text.delta", {
        item_id: message.item.id,
        output_index: message.outputIndex,
        content_index: 0,
        delta,
      }),
    );
  }

  function toolCall(
    index: number,
    callId: string | undefined,
    name: string | undefined,
    args: string,
    events: JsonObject[],
  ): void {
    let call = calls.get(index);
    if (call === undefined) {
      const item = {
        type: "function_call",
        id: newId("fc_"),
        call_id: callId ?? newId("call_"),
        name: name ?? "",
        arguments: "",
        status: "completed",
      } as const;
      call = { outputIndex: output.length, item: { ...item } };
      calls.set(index, call);
      output.push(call.item);
      events.push(
        event("response.output_item.added", {
          output_index: call.outputIndex,
          item: { ...item, status: "in_progress" },
        }),
      );
    }
    if (args === "") return;
    call.item.arguments += args;
    events.push(
      event("response.function_call_arguments.delta", {
        item_id: call.item.id,
        output_index: call.outputIndex,
        delta: args,
      }),
    );
  }

  return {
    push(chunk: ChatCompletionChunk): JsonObject[] {
      const events: JsonObject[] = [];
      start(events);
      if (chunk.usage) usage = toResponsesUsage(chunk.usage);
      const choice = chunk.choices[0];
      if (choice === undefined) return events;
      const delta = choice.delta;
      const content = delta?.content ?? delta?.refusal;
      if (typeof content === "string" && content !== "") text(content, events);
      for (const call of delta?.tool_calls ?? []) {
        toolCall(call.index, call.id, call.function?.name, call.function?.arguments ?? "", events);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
      return events;
    },
    finish(): JsonObject[] {
      const events: JsonObject[] = [];
      start(events);
      if (message !== undefined) {
        const part = { type: "output_text" as const, text: message.text, annotations: [] };
        message.item.content.push(part);
        const at = {
          item_id: message.item.id,
          output_index: message.outputIndex,
          content_index: 0,
        };
        events.push(event("response.output_text.done", { ...at, text: message.text }));
        events.push(event("response.content_part.done", { ...at, part }));
        events.push(
          event("response.output_item.done", {
            output_index: message.outputIndex,
            item: message.item,
          }),
        );
      }
      for (const call of calls.values()) {
        events.push(
          event("response.function_call_arguments.done", {
            item_id: call.item.id,
            output_index: call.outputIndex,
            arguments: call.item.arguments,
          }),
        );
        events.push(
          event("response.output_item.done", { output_index: call.outputIndex, item: call.item }),
        );
      }
      const incomplete = finish === "length";
      const response = responseEnvelope(
        id,
        model,
        output,
        incomplete ? "incomplete" : "completed",
        usage,
        incomplete,
      );
      events.push(event(incomplete ? "response.incomplete" : "response.completed", { response }));
      return events;
    },
  };
}
