import { openAICompatible } from "../openai-compatible.js";

/** OpenAI (`openai/<model>`): the reference wire format, passed through as is. */
export const openaiProvider = openAICompatible({
  name: "openai",
  baseUrl: "https://api.openai.com/v1",
  keyEnv: "OPENAI_API_KEY",
  auth: "bearer",
});
