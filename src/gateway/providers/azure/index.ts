import { openAICompatible } from "../openai-compatible.js";

/** API version used when `api_version` is not configured. */
export const defaultAzureApiVersion = "2024-10-21";

/**
 * Azure OpenAI (`azure/<deployment>`): `api_base` is the resource endpoint, the model id is the
 * deployment name, the key goes in the `api-key` header and every URL carries `api-version`.
 */
export const azureProvider = openAICompatible({
  name: "azure",
  baseUrl: undefined,
  keyEnv: "AZURE_API_KEY",
  auth: "api-key",
  buildUrl(kind, ctx, base) {
    // Azure serves the Responses API on its v1 surface (the model is in the body).
    if (kind === "responses") return `${base}/openai/v1/responses`;
    const paths = {
      chat: "chat/completions",
      completion: "completions",
      embedding: "embeddings",
      transcription: "audio/transcriptions",
    };
    const deployment = encodeURIComponent(ctx.deployment.modelId);
    const version = encodeURIComponent(ctx.deployment.apiVersion ?? defaultAzureApiVersion);
    return `${base}/openai/deployments/${deployment}/${paths[kind]}?api-version=${version}`;
  },
});
