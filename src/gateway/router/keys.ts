import type { Env } from "../../common/config.js";
import { ConfigError } from "../../common/errors.js";
import type { Deployment } from "../config/resolve.js";
import type { ProviderAdapter } from "../providers/types.js";

/**
 * The key of each deployment: its `api_key`, else the provider's env variable. A provider that
 * needs a key and has none, or needs an `api_base` and has none, is a start-up error.
 */
export function resolveDeploymentKeys(
  deployments: readonly Deployment[],
  adapters: Readonly<Record<string, ProviderAdapter>>,
  env: Env,
): Map<string, string | undefined> {
  const keys = new Map<string, string | undefined>();
  for (const deployment of deployments) {
    const adapter = adapters[deployment.provider];
    const path = `${deployment.configPath}.gateway_params`;
    if (adapter === undefined) {
      throw new ConfigError(`${path}.model: provider "${deployment.provider}" is not available`);
    }
    if (adapter.requiresApiBase && deployment.apiBase === undefined) {
      throw new ConfigError(`${path}.api_base: required for provider ${deployment.provider}`);
    }
    const fromEnv = adapter.keyEnv === undefined ? undefined : env[adapter.keyEnv];
    const key = deployment.apiKey ?? (fromEnv === "" ? undefined : fromEnv);
    if (key === undefined && adapter.requiresKey) {
      const hint = adapter.keyEnv === undefined ? "" : ` (or set ${adapter.keyEnv})`;
      throw new ConfigError(`${path}.api_key: required for provider ${deployment.provider}${hint}`);
    }
    keys.set(deployment.id, key);
  }
  return keys;
}
