import { type Env, loadYamlConfig, parseConfig } from "../../common/config.js";
import { type GatewayConfig, resolveGatewayConfig } from "./resolve.js";
import { gatewayConfigSchema } from "./schema.js";

/**
 * Read, validate and resolve a gateway YAML config file.
 *
 * @example
 * const config = await loadGatewayConfig("gateway.yaml", process.env);
 */
export async function loadGatewayConfig(path: string, env: Env): Promise<GatewayConfig> {
  const file = await loadYamlConfig(path, gatewayConfigSchema, { env });
  return resolveGatewayConfig(file, env, path);
}

/** Validate and resolve a config given as an object (tests, embedding); `source` names it in errors. */
export function parseGatewayConfig(value: unknown, env: Env, source = "config"): GatewayConfig {
  return resolveGatewayConfig(parseConfig(gatewayConfigSchema, value, source), env, source);
}
