import { openAICompatible } from "../openai-compatible.js";

/** Ollama (`ollama/<model>`) through its OpenAI-compatible `/v1` endpoint; no key needed. */
export const ollamaProvider = openAICompatible({
  name: "ollama",
  baseUrl: "http://localhost:11434/v1",
  keyEnv: undefined,
  auth: "none",
});
