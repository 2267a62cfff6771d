/** Reads one Gemini candidate's parts into text, reasoning and OpenAI tool calls. */
import type { GeminiCandidate } from "../formats/gemini.js";
import type { ToolCall } from "../formats/openai.js";
import { newId } from "./common.js";
import { encodeGeminiToolCallId } from "./gemini-tool-call-id.js";

/** What one Gemini candidate said: text, thought text and tool calls. */
export interface CandidateContent {
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
}

/**
 * Collect a candidate's text, thought text and function calls (each call gets the id Gemini gave
 * it, or a fresh `call_…` id, carrying the call's thought signature).
 */
export function readCandidate(candidate: GeminiCandidate): CandidateContent {
  const out: CandidateContent = { text: "", reasoning: "", toolCalls: [] };
  for (const part of candidate.content?.parts ?? []) {
    if (part.functionCall) {
      out.toolCalls.push({
        id: encodeGeminiToolCallId(part.functionCall.id ?? newId("call_"), part.thoughtSignature),
        type: "function",
        function: {
          name: part.functionCall.name,
          arguments: JSON.stringify(part.functionCall.args ?? {}),
        },
      });
    } else if (typeof part.text === "string") {
      if (part.thought) out.reasoning += part.text;
      else out.text += part.text;
    }
  }
  return out;
}
