import { openAICompatible } from "../openai-compatible.js";

/** Mistral (`mistral/<model>`), OpenAI-compatible. */
export const mistralProvider = openAICompatible({
  name: "mistral",
  baseUrl: "https://api.mistral.ai/v1",
  keyEnv: "MISTRAL_API_KEY",
  auth: "bearer",
});
