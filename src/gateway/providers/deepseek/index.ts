import { openAICompatible } from "../openai-compatible.js";

/** DeepSeek (`deepseek/<model>`), OpenAI-compatible. */
export const deepseekProvider = openAICompatible({
  name: "deepseek",
  baseUrl: "https://api.deepseek.com/v1",
  keyEnv: "DEEPSEEK_API_KEY",
  auth: "bearer",
});
