/** Pure, I/O-free translators between the OpenAI, Anthropic and Gemini wire formats. */
export { JSON_MODE_TOOL_NAME } from "./anthropic-json-mode.js";

export { anthropicToChatResponse } from "./anthropic-to-chat-response.js";
export type { AnthropicToChatStream } from "./anthropic-to-chat-stream.js";
export { createAnthropicToChatStream } from "./anthropic-to-chat-stream.js";
export type { ChatToAnthropicOptions } from "./chat-to-anthropic-request.js";
export {
  chatToAnthropicRequest,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
} from "./chat-to-anthropic-request.js";
export { chatToGeminiRequest } from "./chat-to-gemini-request.js";
export { chatToMessagesResponse } from "./chat-to-messages-response.js";
export type { ChatToMessagesStream } from "./chat-to-messages-stream.js";
export { createChatToMessagesStream } from "./chat-to-messages-stream.js";
export type { ChatStreamOptions } from "./chunk-builder.js";
export type { TranslateOptions } from "./common.js";
export { parseDataUrl } from "./common.js";
export {
  chatChunkToCompletionChunk,
  chatToCompletionResponse,
  completionToChatRequest,
} from "./completion-chat.js";
export type { AnthropicErrorType, OpenAIErrorType } from "./errors.js";
export {
  anthropicErrorTypes,
  openAIErrorTypes,
  statusFromAnthropicErrorType,
  toAnthropicErrorBody,
  toAnthropicErrorType,
  toOpenAIErrorBody,
  toOpenAIErrorType,
} from "./errors.js";
export {
  embeddingsToGeminiRequest,
  encodeEmbeddingBase64,
  geminiToEmbeddingsResponse,
} from "./gemini-embeddings.js";
export { toGeminiSchema } from "./gemini-schema.js";
export { geminiToChatResponse } from "./gemini-to-chat-response.js";
export type { GeminiToChatStream } from "./gemini-to-chat-stream.js";
export { createGeminiToChatStream } from "./gemini-to-chat-stream.js";
export { decodeGeminiToolCallId, encodeGeminiToolCallId } from "./gemini-tool-call-id.js";
export { messagesToChatRequest } from "./messages-to-chat-request.js";
export {
  geminiToOpenAIFinishReason,
  toAnthropicStopReason,
  toOpenAIFinishReason,
} from "./stop-reasons.js";
export {
  anthropicToOpenAIUsage,
  geminiToOpenAIUsage,
  openAIToAnthropicUsage,
} from "./usage.js";
