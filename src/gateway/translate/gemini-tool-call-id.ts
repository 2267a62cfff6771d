/**
 * Gemini thinking models return a `thoughtSignature` with each function call and reject the next
 * turn (400 "Function call is missing a thought_signature") unless it comes back on that call.
 * OpenAI-shaped clients keep nothing but the tool call id, so the signature rides inside the id.
 */

const SEPARATOR = "__thought__";

/**
 * Attach a thought signature to a tool call id (unchanged when there is none).
 * @example
 * encodeGeminiToolCallId("call_1", "Cs4BAX"); // "call_1__thought__Cs4BAX"
 */
export function encodeGeminiToolCallId(id: string, signature: string | undefined): string {
  return signature ? `${id}${SEPARATOR}${signature}` : id;
}

/**
 * Split a tool call id made by {@link encodeGeminiToolCallId} back into id and signature.
 * @example
 * decodeGeminiToolCallId("call_1__thought__Cs4BAX"); // { id: "call_1", signature: "Cs4BAX" }
 */
export function decodeGeminiToolCallId(value: string): { id: string; signature?: string } {
  const at = value.indexOf(SEPARATOR);
  if (at === -1) return { id: value };
  return { id: value.slice(0, at), signature: value.slice(at + SEPARATOR.length) };
}
