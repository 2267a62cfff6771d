import type { ProviderName } from "../config/schema.js";
import type { ProviderAdapter } from "./types.js";

/**
 * How to load each provider adapter, by name; a provider missing here is a compile error. Each
 * is imported on use: a gateway loads the adapters its `model_list` names (with their request and
 * stream translations), not all thirteen.
 */
const adapterLoaders: Readonly<Record<ProviderName, () => Promise<ProviderAdapter>>> = {
  openai: async () => (await import("./openai/index.js")).openaiProvider,
  azure: async () => (await import("./azure/index.js")).azureProvider,
  hosted_vllm: async () => (await import("./hosted_vllm/index.js")).hostedVllmProvider,
  ollama: async () => (await import("./ollama/index.js")).ollamaProvider,
  groq: async () => (await import("./groq/index.js")).groqProvider,
  mistral: async () => (await import("./mistral/index.js")).mistralProvider,
  deepseek: async () => (await import("./deepseek/index.js")).deepseekProvider,
  together_ai: async () => (await import("./together_ai/index.js")).togetherAiProvider,
  openrouter: async () => (await import("./openrouter/index.js")).openrouterProvider,
  fireworks_ai: async () => (await import("./fireworks_ai/index.js")).fireworksAiProvider,
  xai: async () => (await import("./xai/index.js")).xaiProvider,
  anthropic: async () => (await import("./anthropic/index.js")).anthropicProvider,
  gemini: async () => (await import("./gemini/index.js")).geminiProvider,
};

/**
 * Load the adapters of the providers `names` lists (each once), by name.
 *
 * @example
 * const adapters = await loadProviderAdapters(config.deployments.map((d) => d.provider));
 */
export async function loadProviderAdapters(
  names: Iterable<ProviderName>,
): Promise<Readonly<Partial<Record<ProviderName, ProviderAdapter>>>> {
  const loaded = await Promise.all(
    [...new Set(names)].map(async (name) => [name, await adapterLoaders[name]()] as const),
  );
  return Object.fromEntries(loaded);
}
