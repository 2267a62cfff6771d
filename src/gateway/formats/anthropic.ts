/**
 * Anthropic Messages API wire formats (request, response, stream events, errors) as zod 4 schemas.
 * Objects are loose so new fields pass through; the fields the gateway reads are typed strictly.
 */
import { z } from "zod";

const cacheControlSchema = z.looseObject({ type: z.string() }).nullish();

/** Text block (`{type: "text", text}`), optionally marked for prompt caching. */
export const anthropicTextBlockSchema = z.looseObject({
  type: z.literal("text"),
  text: z.string(),
  cache_control: cacheControlSchema,
});
export type AnthropicTextBlock = z.infer<typeof anthropicTextBlockSchema>;

/** Image source: inline base64 with its media type, or a URL. */
export const anthropicImageSourceSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal("url"), url: z.string() }),
]);
export type AnthropicImageSource = z.infer<typeof anthropicImageSourceSchema>;

/** Image block. */
export const anthropicImageBlockSchema = z.looseObject({
  type: z.literal("image"),
  source: anthropicImageSourceSchema,
  cache_control: cacheControlSchema,
});
export type AnthropicImageBlock = z.infer<typeof anthropicImageBlockSchema>;

/** Document block (PDF or text source); the source is passed on as given. */
export const anthropicDocumentBlockSchema = z.looseObject({
  type: z.literal("document"),
  source: z.looseObject({ type: z.string() }),
});

/** A tool call made by the model (`input` is the parsed arguments object). */
export const anthropicToolUseBlockSchema = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export type AnthropicToolUseBlock = z.infer<typeof anthropicToolUseBlockSchema>;

/**
 * Blocks of Anthropic's server tools (web search, code execution, MCP, …). The gateway does not
 * read them; they are listed so a message that carries them still parses.
 */
export const anthropicServerBlockTypes = [
  "server_tool_use",
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "mcp_tool_use",
  "mcp_tool_result",
  "container_upload",
  "search_result",
] as const;

const serverBlockSchemas = anthropicServerBlockTypes.map((type) =>
  z.looseObject({ type: z.literal(type) }),
);

/** A tool's result, sent back in a user turn. */
export const anthropicToolResultBlockSchema = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z
    .union([
      z.string(),
      z.array(
        z.discriminatedUnion("type", [
          anthropicTextBlockSchema,
          anthropicImageBlockSchema,
          anthropicDocumentBlockSchema,
          z.looseObject({ type: z.literal("search_result") }),
        ]),
      ),
    ])
    .optional(),
  is_error: z.boolean().optional(),
});
export type AnthropicToolResultBlock = z.infer<typeof anthropicToolResultBlockSchema>;

/** Extended-thinking block. */
export const anthropicThinkingBlockSchema = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});

/** Encrypted thinking block. */
export const anthropicRedactedThinkingBlockSchema = z.looseObject({
  type: z.literal("redacted_thinking"),
  data: z.string(),
});

/** A content block in a request message. */
export const anthropicContentBlockSchema = z.discriminatedUnion("type", [
  anthropicTextBlockSchema,
  anthropicImageBlockSchema,
  anthropicDocumentBlockSchema,
  anthropicToolUseBlockSchema,
  anthropicToolResultBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicRedactedThinkingBlockSchema,
  ...serverBlockSchemas,
]);
export type AnthropicContentBlock = z.infer<typeof anthropicContentBlockSchema>;

/** One input message (`user` or `assistant`), content as a string or blocks. */
export const anthropicMessageParamSchema = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(anthropicContentBlockSchema)]),
});
export type AnthropicMessageParam = z.infer<typeof anthropicMessageParamSchema>;

/** A tool definition (client tools have `input_schema`; server tools a `type`). */
export const anthropicToolSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  type: z.string().optional(),
  cache_control: cacheControlSchema,
});
export type AnthropicTool = z.infer<typeof anthropicToolSchema>;

/** How the model may use tools: `auto`, `any`, `none` or one named `tool`. */
export const anthropicToolChoiceSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("auto"), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal("any"), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal("none") }),
  z.looseObject({
    type: z.literal("tool"),
    name: z.string(),
    disable_parallel_tool_use: z.boolean().optional(),
  }),
]);
export type AnthropicToolChoice = z.infer<typeof anthropicToolChoiceSchema>;

/** `POST /v1/messages` request body. */
export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(anthropicMessageParamSchema),
  max_tokens: z.number().int().positive(),
  system: z.union([z.string(), z.array(anthropicTextBlockSchema)]).optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
  stop_sequences: z.array(z.string()).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().nonnegative().optional(),
  tools: z.array(anthropicToolSchema).optional(),
  tool_choice: anthropicToolChoiceSchema.optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;

/** Why the model stopped. */
export const anthropicStopReasonSchema = z.enum([
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
  "model_context_window_exceeded",
]);
export type AnthropicStopReason = z.infer<typeof anthropicStopReasonSchema>;

/** A stop reason as read from upstream: a value newer than this list reads as `end_turn`. */
export const upstreamStopReasonSchema = z.string().transform((value): AnthropicStopReason => {
  const known = anthropicStopReasonSchema.safeParse(value);
  return known.success ? known.data : "end_turn";
});

/** Token usage of one call, cache counters included. */
export const anthropicUsageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cache_creation_input_tokens: z.number().int().nullish(),
  cache_read_input_tokens: z.number().int().nullish(),
});
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;

/** A content block in a response (server tool blocks parse but are not read). */
export const anthropicResponseBlockSchema = z.discriminatedUnion("type", [
  anthropicTextBlockSchema,
  anthropicToolUseBlockSchema,
  anthropicThinkingBlockSchema,
  anthropicRedactedThinkingBlockSchema,
  ...serverBlockSchemas,
]);
export type AnthropicResponseBlock = z.infer<typeof anthropicResponseBlockSchema>;

/** Non-streaming Messages API response (`type: "message"`). */
export const anthropicMessageSchema = z.looseObject({
  id: z.string(),
  type: z.literal("message"),
  role: z.literal("assistant"),
  model: z.string(),
  content: z.array(anthropicResponseBlockSchema),
  stop_reason: upstreamStopReasonSchema.nullable(),
  stop_sequence: z.string().nullish(),
  usage: anthropicUsageSchema,
});
export type AnthropicMessage = z.infer<typeof anthropicMessageSchema>;

/** The inner `{type, message}` of an Anthropic error. */
export const anthropicErrorBodySchema = z.looseObject({ type: z.string(), message: z.string() });

/** Anthropic error body: `{"type": "error", "error": {"type", "message"}}`. */
export const anthropicErrorSchema = z.looseObject({
  type: z.literal("error"),
  error: anthropicErrorBodySchema,
});
export type AnthropicError = z.infer<typeof anthropicErrorSchema>;

/** The `delta` of a `content_block_delta` event. */
export const anthropicDeltaSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text_delta"), text: z.string() }),
  z.looseObject({ type: z.literal("input_json_delta"), partial_json: z.string() }),
  z.looseObject({ type: z.literal("thinking_delta"), thinking: z.string() }),
  z.looseObject({ type: z.literal("signature_delta"), signature: z.string() }),
  z.looseObject({ type: z.literal("citations_delta"), citation: z.unknown() }),
]);
export type AnthropicDelta = z.infer<typeof anthropicDeltaSchema>;

/** One Messages API streaming event (the SSE `event:` name equals `type`). */
export const anthropicStreamEventSchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("message_start"),
    message: anthropicMessageSchema.extend({ stop_reason: upstreamStopReasonSchema.nullish() }),
  }),
  z.looseObject({
    type: z.literal("content_block_start"),
    index: z.number().int(),
    content_block: anthropicResponseBlockSchema,
  }),
  z.looseObject({
    type: z.literal("content_block_delta"),
    index: z.number().int(),
    delta: anthropicDeltaSchema,
  }),
  z.looseObject({ type: z.literal("content_block_stop"), index: z.number().int() }),
  z.looseObject({
    type: z.literal("message_delta"),
    delta: z.looseObject({
      stop_reason: upstreamStopReasonSchema.nullish(),
      stop_sequence: z.string().nullish(),
    }),
    usage: z.looseObject({
      output_tokens: z.number().int().nonnegative(),
      input_tokens: z.number().int().nullish(),
    }),
  }),
  z.looseObject({ type: z.literal("message_stop") }),
  z.looseObject({ type: z.literal("ping") }),
  z.looseObject({ type: z.literal("error"), error: anthropicErrorBodySchema }),
]);
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;
