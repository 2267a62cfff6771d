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
