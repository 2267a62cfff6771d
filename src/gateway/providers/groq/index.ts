import { openAICompatible } from "../openai-compatible.js";

/** Groq (`groq/<model>`), OpenAI-compatible. */
export const groqProvider = openAICompatible({
  name: "groq",
  baseUrl: "https://api.groq.com/openai/v1",
  keyEnv: "GROQ_API_KEY",
  auth: "bearer",
  // Groq rejects these OpenAI parameters.
  dropParams: ["logprobs", "top_logprobs", "logit_bias"],
});
