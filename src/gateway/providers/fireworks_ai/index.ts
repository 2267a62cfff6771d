import { openAICompatible } from "../openai-compatible.js";

/** Fireworks AI (`fireworks_ai/accounts/fireworks/models/<model>`), OpenAI-compatible. */
export const fireworksAiProvider = openAICompatible({
  name: "fireworks_ai",
  baseUrl: "https://api.fireworks.ai/inference/v1",
  keyEnv: "FIREWORKS_AI_API_KEY",
  auth: "bearer",
});
