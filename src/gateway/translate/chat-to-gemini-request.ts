/** OpenAI chat-completions request → Gemini `generateContent` request body. */
import type {
  GeminiGenerateContentRequest,
  GeminiGenerationConfig,
  GeminiTool,
  GeminiToolConfig,
} from "../formats/gemini.js";
import type { ChatCompletionRequest } from "../formats/openai.js";
import { toGeminiContents } from "./chat-to-gemini-contents.js";
import { reportDropped, type TranslateOptions } from "./common.js";
import { functionToolChoiceOf, functionToolsOf } from "./function-tools.js";
import { toGeminiSchema } from "./gemini-schema.js";

const TARGET = "a Gemini model";

const handledParams = new Set([
  "model",
  "messages",
  "max_tokens",
  "max_completion_tokens",
  "temperature",
  "top_p",
  "top_k",
  "n",
  "stop",
  "seed",
  "presence_penalty",
  "frequency_penalty",
  "response_format",
  "stream",
  "stream_options",
  "tools",
  "tool_choice",
]);

function toGenerationConfig(req: ChatCompletionRequest): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = {};
  const maxTokens = req.max_completion_tokens ?? req.max_tokens;
  if (maxTokens != null) config.maxOutputTokens = maxTokens;
  if (req.temperature != null) config.temperature = req.temperature;
  if (req.top_p != null) config.topP = req.top_p;
  if (typeof req.top_k === "number") config.topK = req.top_k;
  if (req.n != null) config.candidateCount = req.n;
  if (req.stop != null) config.stopSequences = typeof req.stop === "string" ? [req.stop] : req.stop;
  if (req.seed != null) config.seed = req.seed;
  if (req.presence_penalty != null) config.presencePenalty = req.presence_penalty;
  if (req.frequency_penalty != null) config.frequencyPenalty = req.frequency_penalty;
  const format = req.response_format;
  if (format?.type === "json_object") config.responseMimeType = "application/json";
  if (format?.type === "json_schema") {
    config.responseMimeType = "application/json";
    if (format.json_schema.schema)
      config.responseSchema = toGeminiSchema(format.json_schema.schema);
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

function toGeminiTools(req: ChatCompletionRequest): GeminiTool[] | undefined {
  if (!req.tools?.length) return undefined;
  const functionDeclarations = functionToolsOf(req, TARGET).map((tool) => ({
    name: tool.function.name,
    ...(tool.function.description === undefined ? {} : { description: tool.function.description }),
    ...(tool.function.parameters ? { parameters: toGeminiSchema(tool.function.parameters) } : {}),
  }));
  return [{ functionDeclarations }];
}

function toToolConfig(req: ChatCompletionRequest): GeminiToolConfig | undefined {
  const choice = functionToolChoiceOf(req.tool_choice, TARGET);
  if (choice === undefined) return undefined;
  if (choice === "none") return { functionCallingConfig: { mode: "NONE" } };
  if (choice === "auto") return { functionCallingConfig: { mode: "AUTO" } };
  if (choice === "required") return { functionCallingConfig: { mode: "ANY" } };
  return { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [choice.function.name] } };
}

/**
 * Translate an OpenAI chat-completions request into a Gemini `generateContent` body. The model
 * id goes in the URL (`models/{modelId}:generateContent`), not in the body.
 * @example
 * chatToGeminiRequest({ model: "g", messages: [{ role: "user", content: "Hi" }] }, "gemini-2.5-flash");
 * // { contents: [{ role: "user", parts: [{ text: "Hi" }] }] }
 */
export function chatToGeminiRequest(
  req: ChatCompletionRequest,
  _modelId: string,
  options: TranslateOptions = {},
): GeminiGenerateContentRequest {
  reportDropped(req, handledParams, options);
  const { systemInstruction, contents } = toGeminiContents(req.messages);
  const out: GeminiGenerateContentRequest = { contents };
  if (systemInstruction) out.systemInstruction = systemInstruction;
  const tools = toGeminiTools(req);
  if (tools) out.tools = tools;
  const toolConfig = toToolConfig(req);
  if (toolConfig) out.toolConfig = toolConfig;
  const generationConfig = toGenerationConfig(req);
  if (generationConfig) out.generationConfig = generationConfig;
  return out;
}
