// ragguard/gateway: the LiteLLM-proxy-style model gateway (config, keys, providers, pre-call
// hooks). Loads fastify and the key store (PGlite or PostgreSQL).
export type { Caller } from "../gateway/auth/authenticate.js";
export type { KeyPermissions, KeyRecord } from "../gateway/auth/key-record.js";
export { loadGatewayConfig, parseGatewayConfig } from "../gateway/config/load.js";
export type { Deployment, GatewayConfig } from "../gateway/config/resolve.js";
export {
  type GatewayConfigInput,
  type GatewaySettings,
  type GuardMode,
  gatewayConfigSchema,
  guardModes,
  type ProviderName,
  providerNames,
} from "../gateway/config/schema.js";
export {
  type CreateGatewayOptions,
  createGateway,
  type Gateway,
} from "../gateway/create-gateway.js";
export type {
  BeforeProviderCall,
  CallbackFactory,
  ProviderCallContext,
} from "../gateway/hooks.js";
