import { openAICompatible } from "../openai-compatible.js";

/** A vLLM server (`hosted_vllm/<model>`); `api_base` is required, the key is optional. */
export const hostedVllmProvider = openAICompatible({
  name: "hosted_vllm",
  baseUrl: undefined,
  keyEnv: "HOSTED_VLLM_API_KEY",
  auth: "bearer",
  requiresKey: false,
});
