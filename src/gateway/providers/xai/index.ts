import { openAICompatible } from "../openai-compatible.js";

/** xAI (`xai/<model>`), OpenAI-compatible. */
export const xaiProvider = openAICompatible({
  name: "xai",
  baseUrl: "https://api.x.ai/v1",
  keyEnv: "XAI_API_KEY",
  auth: "bearer",
});
