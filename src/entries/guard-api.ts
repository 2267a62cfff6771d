// ragguard/guard-api: the LLM Guard-compatible HTTP server (fastify) and its config.
export { createGuardApi, type GuardApiOptions } from "../guard-api/app.js";
export {
  type GuardApiConfig,
  type GuardApiConfigInput,
  guardApiConfigSchema,
  loadGuardApiConfig,
} from "../guard-api/config.js";
