import { openAICompatible } from "../openai-compatible.js";

/** OpenRouter (`openrouter/<vendor>/<model>`), OpenAI-compatible. */
export const openrouterProvider = openAICompatible({
  name: "openrouter",
  baseUrl: "https://openrouter.ai/api/v1",
  keyEnv: "OPENROUTER_API_KEY",
  auth: "bearer",
});
