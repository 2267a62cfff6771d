/** OpenAI chat-completion chunks → Anthropic Messages stream events (stateful). */
import type { AnthropicStopReason, AnthropicStreamEvent } from "../formats/anthropic.js";
import type {
  ChatCompletionChunk,
  ChunkDelta,
  OpenAIUsage,
  ToolCallDelta,
} from "../formats/openai.js";
import { newId } from "./common.js";
import { toAnthropicStopReason } from "./stop-reasons.js";
import { openAIToAnthropicUsage } from "./usage.js";

/** A stateful stream translator: `push` each upstream chunk, then `finish` once at the end. */
export interface ChatToMessagesStream {
  push(chunk: ChatCompletionChunk): AnthropicStreamEvent[];
  finish(): AnthropicStreamEvent[];
}

type OpenBlock = { kind: "text" | "thinking" } | { kind: "tool"; toolIndex: number };

interface StreamState {
  started: boolean;
  finished: boolean;
  blockIndex: number;
  open: OpenBlock | undefined;
  stopReason: AnthropicStopReason | null;
  usage: OpenAIUsage | undefined;
}

function messageStart(model: string): AnthropicStreamEvent {
  return {
    type: "message_start",
    message: {
      id: newId("msg_"),
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    },
  };
}

function closeBlock(state: StreamState, out: AnthropicStreamEvent[]): void {
  if (!state.open) return;
  out.push({ type: "content_block_stop", index: state.blockIndex });
  state.open = undefined;
  state.blockIndex += 1;
}

function textDelta(state: StreamState, text: string, out: AnthropicStreamEvent[]): void {
  if (state.open?.kind !== "text") {
    closeBlock(state, out);
    state.open = { kind: "text" };
    out.push({
      type: "content_block_start",
      index: state.blockIndex,
      content_block: { type: "text", text: "" },
    });
  }
  out.push({
    type: "content_block_delta",
    index: state.blockIndex,
    delta: { type: "text_delta", text },
  });
}

function thinkingDelta(state: StreamState, thinking: string, out: AnthropicStreamEvent[]): void {
  if (state.open?.kind !== "thinking") {
    closeBlock(state, out);
    state.open = { kind: "thinking" };
    out.push({
      type: "content_block_start",
      index: state.blockIndex,
      content_block: { type: "thinking", thinking: "" },
    });
  }
  out.push({
    type: "content_block_delta",
    index: state.blockIndex,
    delta: { type: "thinking_delta", thinking },
  });
}

/** Reasoning text as compatible servers stream it (`reasoning_content`; OpenRouter: `reasoning`). */
function reasoningOf(delta: ChunkDelta): string {
  const value = delta.reasoning_content ?? delta.reasoning;
  return typeof value === "string" ? value : "";
}

function toolDelta(state: StreamState, call: ToolCallDelta, out: AnthropicStreamEvent[]): void {
  const open = state.open;
  if (open?.kind !== "tool" || open.toolIndex !== call.index) {
    closeBlock(state, out);
    state.open = { kind: "tool", toolIndex: call.index };
    const block = {
      type: "tool_use" as const,
      id: call.id ?? newId("toolu_"),
      name: call.function?.name ?? "",
      input: {},
    };
    out.push({ type: "content_block_start", index: state.blockIndex, content_block: block });
  }
  const partial = call.function?.arguments;
  if (partial) {
    out.push({
      type: "content_block_delta",
      index: state.blockIndex,
      delta: { type: "input_json_delta", partial_json: partial },
    });
  }
}

function pushChunk(
  state: StreamState,
  chunk: ChatCompletionChunk,
  model: string,
): AnthropicStreamEvent[] {
  const out: AnthropicStreamEvent[] = [];
  if (!state.started) {
    state.started = true;
    out.push(messageStart(model));
  }
  if (chunk.usage) state.usage = chunk.usage;
  const choice = chunk.choices.find((c) => c.index === 0);
  if (!choice) return out;
  const delta = choice.delta;
  const reasoning = reasoningOf(delta);
  if (reasoning) thinkingDelta(state, reasoning, out);
  if (delta.content) textDelta(state, delta.content, out);
  for (const call of delta.tool_calls ?? []) toolDelta(state, call, out);
  if (choice.finish_reason) {
    closeBlock(state, out);
    state.stopReason = toAnthropicStopReason(choice.finish_reason);
  }
  return out;
}

/**
 * Create a translator from OpenAI chunks to Anthropic events: `message_start`, one
 * `content_block_*` sequence per text run or tool call (tool input as `input_json_delta`), and at
 * `finish` a `message_delta` with stop reason and usage, then `message_stop`.
 * @example
 * const stream = createChatToMessagesStream("gpt-4o");
 * const events = [...chunks.flatMap((c) => stream.push(c)), ...stream.finish()];
 */
export function createChatToMessagesStream(model: string): ChatToMessagesStream {
  const state: StreamState = {
    started: false,
    finished: false,
    blockIndex: 0,
    open: undefined,
    stopReason: null,
    usage: undefined,
  };
  return {
    push: (chunk) => (state.finished ? [] : pushChunk(state, chunk, model)),
    finish() {
      if (state.finished) return [];
      state.finished = true;
      const out: AnthropicStreamEvent[] = state.started ? [] : [messageStart(model)];
      closeBlock(state, out);
      const usage = openAIToAnthropicUsage(state.usage);
      out.push({
        type: "message_delta",
        delta: { stop_reason: state.stopReason ?? "end_turn", stop_sequence: null },
        usage: { input_tokens: usage.input_tokens, output_tokens: usage.output_tokens },
      });
      out.push({ type: "message_stop" });
      return out;
    },
  };
}
