import type { ProviderName } from "../config/schema.js";
import { anthropicProvider } from "./anthropic/index.js";
import { azureProvider } from "./azure/index.js";
import { deepseekProvider } from "./deepseek/index.js";
import { fireworksAiProvider } from "./fireworks_ai/index.js";
import { geminiProvider } from "./gemini/index.js";
import { groqProvider } from "./groq/index.js";
import { hostedVllmProvider } from "./hosted_vllm/index.js";
import { mistralProvider } from "./mistral/index.js";
import { ollamaProvider } from "./ollama/index.js";
import { openaiProvider } from "./openai/index.js";
import { openrouterProvider } from "./openrouter/index.js";
import { togetherAiProvider } from "./together_ai/index.js";
import type { ProviderAdapter } from "./types.js";
import { xaiProvider } from "./xai/index.js";

/** Every provider adapter by name; a provider missing here is a compile error. */
export const providerAdapters: Readonly<Record<ProviderName, ProviderAdapter>> = {
  openai: openaiProvider,
  azure: azureProvider,
  hosted_vllm: hostedVllmProvider,
  ollama: ollamaProvider,
  groq: groqProvider,
  mistral: mistralProvider,
  deepseek: deepseekProvider,
  together_ai: togetherAiProvider,
  openrouter: openrouterProvider,
  fireworks_ai: fireworksAiProvider,
  xai: xaiProvider,
  anthropic: anthropicProvider,
  gemini: geminiProvider,
};
