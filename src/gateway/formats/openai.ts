/**
 * OpenAI wire formats (chat completions, completions, embeddings, errors) as zod 4 schemas.
 * Objects are loose (unknown fields pass through, so new provider parameters are not rejected);
 * the fields the gateway reads are typed strictly.
 */
import { z } from "zod";

/** `{ prompt_tokens, completion_tokens, total_tokens }` plus any detail fields. */
export const openAIUsageSchema = z.looseObject({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});
export type OpenAIUsage = z.infer<typeof openAIUsageSchema>;

/** Text content part. */
export const textPartSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
export type TextPart = z.infer<typeof textPartSchema>;

/** Image content part: an http(s) URL or a base64 data URL. */
export const imageUrlPartSchema = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({
    url: z.string().min(1),
    detail: z.enum(["auto", "low", "high"]).optional(),
  }),
});
export type ImageUrlPart = z.infer<typeof imageUrlPartSchema>;

/** Base64 audio content part. */
export const inputAudioPartSchema = z.looseObject({
  type: z.literal("input_audio"),
  input_audio: z.looseObject({ data: z.string(), format: z.string() }),
});

/** File content part (inline `file_data` data URL or an uploaded `file_id`). */
export const filePartSchema = z.looseObject({
  type: z.literal("file"),
  file: z.looseObject({
    file_data: z.string().optional(),
    file_id: z.string().optional(),
    filename: z.string().optional(),
  }),
});

/** Refusal part of an assistant message. */
export const refusalPartSchema = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });

/** One part of a multi-part user message. */
export const contentPartSchema = z.discriminatedUnion("type", [
  textPartSchema,
  imageUrlPartSchema,
  inputAudioPartSchema,
  filePartSchema,
]);
export type ContentPart = z.infer<typeof contentPartSchema>;

/** A function tool call made by the assistant (`arguments` is a JSON string). */
export const toolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** A call of a custom (free-text input) tool, as OpenAI's newer models make them. */
export const customToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal("custom"),
  custom: z.looseObject({ name: z.string(), input: z.string() }),
});
export type CustomToolCall = z.infer<typeof customToolCallSchema>;

const textContentSchema = z.union([z.string(), z.array(textPartSchema)]);

/** System or developer instructions. */
export const systemMessageSchema = z.looseObject({
  role: z.enum(["system", "developer"]),
  content: textContentSchema,
  name: z.string().optional(),
});

/** User message: a string or content parts. */
export const userMessageSchema = z.looseObject({
  role: z.literal("user"),
  content: z.union([z.string(), z.array(contentPartSchema)]),
  name: z.string().optional(),
});

/** Earlier assistant turn, possibly with tool calls. */
export const assistantMessageSchema = z.looseObject({
  role: z.literal("assistant"),
  content: z
    .union([z.string(), z.array(z.discriminatedUnion("type", [textPartSchema, refusalPartSchema]))])
    .nullish(),
  name: z.string().optional(),
  refusal: z.string().nullish(),
  tool_calls: z
    .array(z.discriminatedUnion("type", [toolCallSchema, customToolCallSchema]))
    .optional(),
});

/** A tool's result, answering `tool_call_id`. */
export const toolMessageSchema = z.looseObject({
  role: z.literal("tool"),
  content: textContentSchema,
  tool_call_id: z.string(),
});

/** Deprecated `function` role, still accepted by OpenAI. */
export const functionMessageSchema = z.looseObject({
  role: z.literal("function"),
  content: z.string().nullable(),
  name: z.string(),
});

/** One chat message; `role` selects the shape. */
export const chatMessageSchema = z.discriminatedUnion("role", [
  systemMessageSchema,
  userMessageSchema,
  assistantMessageSchema,
  toolMessageSchema,
  functionMessageSchema,
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type SystemMessage = z.infer<typeof systemMessageSchema>;
export type UserMessage = z.infer<typeof userMessageSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type ToolMessage = z.infer<typeof toolMessageSchema>;

/** A function tool definition (`parameters` is JSON Schema). */
export const functionToolSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});
export type FunctionTool = z.infer<typeof functionToolSchema>;

/** A custom tool (free-text input, optional grammar); only OpenAI's own models take it. */
export const customToolSchema = z.looseObject({
  type: z.literal("custom"),
  custom: z.looseObject({ name: z.string().min(1), description: z.string().optional() }),
});
export type CustomTool = z.infer<typeof customToolSchema>;

/** Any tool of a chat request. */
export const chatToolSchema = z.discriminatedUnion("type", [functionToolSchema, customToolSchema]);
export type ChatTool = z.infer<typeof chatToolSchema>;

/** `none`, `auto`, `required`, one named function or custom tool, or an allowed-tools subset. */
export const toolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) }),
  z.looseObject({ type: z.literal("custom"), custom: z.looseObject({ name: z.string() }) }),
  z.looseObject({
    type: z.literal("allowed_tools"),
    allowed_tools: z.looseObject({
      mode: z.enum(["auto", "required"]),
      tools: z.array(z.record(z.string(), z.unknown())),
    }),
  }),
]);
export type ToolChoice = z.infer<typeof toolChoiceSchema>;

/** Output format: text, any JSON object, or JSON matching a schema. */
export const responseFormatSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({
    type: z.literal("json_schema"),
    json_schema: z.looseObject({
      name: z.string(),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);
export type ResponseFormat = z.infer<typeof responseFormatSchema>;

/** Streaming options (`include_usage` adds a final usage chunk). */
export const streamOptionsSchema = z.looseObject({ include_usage: z.boolean().optional() });
export type StreamOptions = z.infer<typeof streamOptionsSchema>;

/** Stop sequence(s). */
export const stopSchema = z.union([z.string(), z.array(z.string())]).nullish();

/** `POST /chat/completions` request body. */
export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(chatMessageSchema).min(1),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  n: z.number().int().positive().nullish(),
  stop: stopSchema,
  stream: z.boolean().nullish(),
  stream_options: streamOptionsSchema.nullish(),
  presence_penalty: z.number().nullish(),
  frequency_penalty: z.number().nullish(),
  logit_bias: z.record(z.string(), z.number()).nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().nullish(),
  seed: z.number().int().nullish(),
  user: z.string().optional(),
  tools: z.array(chatToolSchema).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: responseFormatSchema.optional(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** Why a choice finished. */
export const finishReasonSchema = z.enum([
  "stop",
  "length",
  "tool_calls",
  "content_filter",
  "function_call",
]);
export type FinishReason = z.infer<typeof finishReasonSchema>;

/** Finish reasons some OpenAI-compatible servers send, mapped onto OpenAI's set. */
const finishReasonAliases: Record<string, FinishReason> = {
  eos: "stop",
  eos_token: "stop",
  end_turn: "stop",
  stop_sequence: "stop",
  model_length: "length",
  max_tokens: "length",
  tool_use: "tool_calls",
};

/**
 * A finish reason as read from an upstream: OpenAI's values pass, known aliases (Mistral's
 * `model_length`, Together's `eos`, …) are mapped, anything else reads as `stop`.
 */
export const upstreamFinishReasonSchema = z.string().transform((value): FinishReason => {
  const known = finishReasonSchema.safeParse(value);
  if (known.success) return known.data;
  return finishReasonAliases[value] ?? "stop";
});

/** Fields every OpenAI completion response and chunk starts with. */
const responseEnvelope = { id: z.string(), created: z.number().int(), model: z.string() };

/** The assistant message of a completion choice. */
export const chatCompletionMessageSchema = z.looseObject({
  role: z.literal("assistant"),
  content: z.string().nullable(),
  refusal: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).optional(),
});
export type ChatCompletionMessage = z.infer<typeof chatCompletionMessageSchema>;

/** Non-streaming `chat.completion` response. */
export const chatCompletionSchema = z.looseObject({
  ...responseEnvelope,
  object: z.literal("chat.completion"),
  choices: z.array(
    z.looseObject({
      index: z.number().int(),
      message: chatCompletionMessageSchema,
      logprobs: z.unknown().optional(),
      finish_reason: upstreamFinishReasonSchema.nullable(),
    }),
  ),
  usage: openAIUsageSchema.optional(),
  system_fingerprint: z.string().nullish(),
});
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

/** A piece of a streamed tool call; `index` ties the pieces together. */
export const toolCallDeltaSchema = z.looseObject({
  index: z.number().int(),
  id: z.string().optional(),
  type: z.literal("function").optional(),
  function: z
    .looseObject({ name: z.string().optional(), arguments: z.string().optional() })
    .optional(),
});
export type ToolCallDelta = z.infer<typeof toolCallDeltaSchema>;

/** The `delta` of a streamed choice. */
export const chunkDeltaSchema = z.looseObject({
  role: z.literal("assistant").optional(),
  content: z.string().nullish(),
  refusal: z.string().nullish(),
  tool_calls: z.array(toolCallDeltaSchema).optional(),
});
export type ChunkDelta = z.infer<typeof chunkDeltaSchema>;

/** One streamed `chat.completion.chunk`. */
export const chatCompletionChunkSchema = z.looseObject({
  ...responseEnvelope,
  object: z.literal("chat.completion.chunk"),
  // Some compatible servers (vLLM) send the final usage chunk with `choices: null`.
  choices: z
    .array(
      z.looseObject({
        index: z.number().int(),
        delta: chunkDeltaSchema,
        logprobs: z.unknown().optional(),
        finish_reason: upstreamFinishReasonSchema.nullish(),
      }),
    )
    .nullish()
    .transform((choices) => choices ?? []),
  usage: openAIUsageSchema.nullish(),
  system_fingerprint: z.string().nullish(),
});
export type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;

/** Legacy `POST /completions` request body. */
export const completionRequestSchema = z.looseObject({
  model: z.string().min(1),
  prompt: z.union([
    z.string(),
    z.array(z.string()),
    z.array(z.number().int()),
    z.array(z.array(z.number().int())),
  ]),
  max_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  n: z.number().int().positive().nullish(),
  stop: stopSchema,
  stream: z.boolean().nullish(),
  stream_options: streamOptionsSchema.nullish(),
  echo: z.boolean().nullish(),
  logprobs: z.number().int().nullish(),
  suffix: z.string().nullish(),
  user: z.string().optional(),
});
export type CompletionRequest = z.infer<typeof completionRequestSchema>;

/** Legacy `text_completion` response (streamed chunks share the shape). */
export const completionSchema = z.looseObject({
  ...responseEnvelope,
  object: z.literal("text_completion"),
  choices: z.array(
    z.looseObject({
      index: z.number().int(),
      text: z.string(),
      logprobs: z.unknown().optional(),
      finish_reason: z.string().nullable(),
    }),
  ),
  usage: openAIUsageSchema.nullish(),
});
export type Completion = z.infer<typeof completionSchema>;

export {
  type EmbeddingRequest,
  type EmbeddingResponse,
  embeddingRequestSchema,
  embeddingResponseSchema,
} from "./openai-embeddings.js";

/** OpenAI error body: `{"error": {"message", "type", "param", "code"}}`. */
export const openAIErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.union([z.string(), z.number()]).nullable(),
  }),
});
export type OpenAIError = z.infer<typeof openAIErrorSchema>;
