import { type Env, resolveEnvRef } from "../../common/config.js";
import { ConfigError } from "../../common/errors.js";
import type { GatewayConfigFile, GatewaySettings, ProviderName } from "./schema.js";

/** Keys of `gateway_params` that configure the call itself and are never sent upstream. */
const deploymentKeys = new Set([
  "model",
  "api_key",
  "api_base",
  "api_version",
  "timeout",
  "max_retries",
  "rpm",
  "tpm",
  "weight",
]);

/** One upstream target: an entry of `model_list` with its env references resolved. */
export interface Deployment {
  /** `<model_name>#<index in model_list>`, stable for logs and metrics. */
  readonly id: string;
  readonly modelName: string;
  readonly provider: ProviderName;
  readonly modelId: string;
  readonly apiKey: string | undefined;
  readonly apiBase: string | undefined;
  readonly apiVersion: string | undefined;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  /** Completion parameters from the config, sent unless the request sets them. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Config path of the entry, for error messages (`model_list[2]`). */
  readonly configPath: string;
  /** `model_info` prices per token (absent: not priced, costs 0). */
  readonly inputCostPerToken?: number;
  readonly outputCostPerToken?: number;
}

/** How replicas share state and stop (general_settings; docs/operations.md). */
export interface FleetSettings {
  /** Redis for shared limits and revocation; undefined: limits per process. */
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  readonly spendFlushMs: number;
  readonly shutdownDelayMs: number;
  readonly shutdownTimeoutMs: number;
}

/** The validated config with every `os.environ/VAR` resolved. */
export interface GatewayConfig {
  readonly deployments: readonly Deployment[];
  readonly settings: GatewaySettings;
  readonly masterKey: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly keyCacheTtlMs: number;
  readonly numRetries: number;
  readonly fallbacks: ReadonlyMap<string, readonly string[]>;
  readonly fleet: FleetSettings;
}

function resolveOptional(value: string | undefined, env: Env, path: string): string | undefined {
  return value === undefined ? undefined : resolveEnvRef(value, env, path);
}

function checkUrl(value: string | undefined, path: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    new URL(value);
  } catch {
    throw new ConfigError(`${path}: not a valid URL`);
  }
  return value.replace(/\/+$/, "");
}

function checkRedisUrl(value: string | undefined, path: string): string | undefined {
  if (value !== undefined && !/^rediss?:\/\/./.test(value)) {
    throw new ConfigError(`${path}: must start with redis:// or rediss://`);
  }
  return value;
}

function resolveDeployments(file: GatewayConfigFile, env: Env, source: string): Deployment[] {
  return file.model_list.map((entry, index) => {
    const path = `${source}: model_list[${index}].gateway_params`;
    const params = entry.gateway_params;
    const slash = params.model.indexOf("/");
    const defaults: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params)) {
      if (!deploymentKeys.has(key)) defaults[key] = value;
    }
    const apiBase = resolveOptional(params.api_base, env, `${path}.api_base`);
    return {
      id: `${entry.model_name}#${index}`,
      modelName: entry.model_name,
      provider: params.model.slice(0, slash) as ProviderName,
      modelId: params.model.slice(slash + 1),
      apiKey: resolveOptional(params.api_key, env, `${path}.api_key`),
      apiBase: checkUrl(apiBase, `${path}.api_base`),
      apiVersion: resolveOptional(params.api_version, env, `${path}.api_version`),
      timeoutMs: (params.timeout ?? file.router_settings.timeout) * 1000,
      maxRetries: params.max_retries ?? 0,
      defaults,
      configPath: `model_list[${index}]`,
      inputCostPerToken: entry.model_info?.input_cost_per_token ?? 0,
      outputCostPerToken: entry.model_info?.output_cost_per_token ?? 0,
    };
  });
}

function resolveFallbacks(file: GatewayConfigFile, source: string): Map<string, string[]> {
  const names = new Set(file.model_list.map((entry) => entry.model_name));
  const fallbacks = new Map<string, string[]>();
  file.router_settings.fallbacks.forEach((rule, index) => {
    for (const [from, to] of Object.entries(rule)) {
      for (const name of [from, ...to]) {
        if (!names.has(name)) {
          throw new ConfigError(
            `${source}: router_settings.fallbacks[${index}]: "${name}" is not a model_name of model_list`,
          );
        }
      }
      fallbacks.set(from, [...(fallbacks.get(from) ?? []), ...to]);
    }
  });
  return fallbacks;
}

/**
 * Resolve env references and cross-references of a parsed config file. An unset variable is a
 * {@link ConfigError} naming the variable and the key that refers to it.
 */
export function resolveGatewayConfig(
  file: GatewayConfigFile,
  env: Env,
  source = "config",
): GatewayConfig {
  const general = file.general_settings;
  return {
    deployments: resolveDeployments(file, env, source),
    settings: file.gateway_settings,
    masterKey: resolveOptional(general.master_key, env, `${source}: general_settings.master_key`),
    databaseUrl: resolveOptional(
      general.database_url,
      env,
      `${source}: general_settings.database_url`,
    ),
    keyCacheTtlMs: general.key_cache_ttl * 1000,
    numRetries: file.router_settings.num_retries,
    fallbacks: resolveFallbacks(file, source),
    fleet: {
      redisUrl: checkRedisUrl(
        resolveOptional(general.redis_url, env, `${source}: general_settings.redis_url`),
        `${source}: general_settings.redis_url`,
      ),
      redisKeyPrefix: general.redis_key_prefix,
      spendFlushMs: general.spend_flush_interval * 1000,
      shutdownDelayMs: general.shutdown_delay * 1000,
      shutdownTimeoutMs: general.shutdown_timeout * 1000,
    },
  };
}
