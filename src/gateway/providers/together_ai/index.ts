import { openAICompatible } from "../openai-compatible.js";

/** Together AI (`together_ai/<model>`), OpenAI-compatible. */
export const togetherAiProvider = openAICompatible({
  name: "together_ai",
  baseUrl: "https://api.together.xyz/v1",
  keyEnv: "TOGETHERAI_API_KEY",
  auth: "bearer",
});
