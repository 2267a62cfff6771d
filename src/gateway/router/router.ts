import type { Env } from "../../common/config.js";
import type { Logger } from "../../common/logger.js";
import type { Deployment, GatewayConfig } from "../config/resolve.js";
import { BadRequestError, UpstreamError } from "../errors.js";
import type { CallContext, ProviderAdapter, UpstreamResult } from "../providers/types.js";
import type { GatewayMetrics } from "../server/metrics.js";
import { resolveDeploymentKeys } from "./keys.js";
import { peekFirst } from "./peek.js";

/** One attempt against one deployment; the router supplies the context (signal, key, fetch). */
export type Attempt = (adapter: ProviderAdapter, ctx: CallContext) => Promise<UpstreamResult>;

/** The outcome of a routed call: the result and the deployment that produced it. */
export interface Routed {
  readonly result: UpstreamResult;
  readonly deployment: Deployment;
}

export interface ModelRouter {
  /** Every `model_name`, in config order. */
  modelNames(): string[];
  /** Deployments of one `model_name`; 400 naming the model when it is unknown. */
  deploymentsOf(modelName: string): readonly Deployment[];
  /**
   * Run `attempt` on the deployments of `modelName` (load-balanced, failover on 429/5xx/timeouts,
   * `num_retries` more rounds), then on its `fallbacks`, until one answers. A stream counts as
   * answered once its first event arrived, so failover never happens after the client saw a byte.
   */
  route(modelName: string, signal: AbortSignal, attempt: Attempt): Promise<Routed>;
}

export interface ModelRouterOptions {
  config: GatewayConfig;
  adapters: Readonly<Record<string, ProviderAdapter>>;
  env: Env;
  fetch: typeof fetch;
  logger: Logger;
  metrics: GatewayMetrics;
}

function timeoutError(deployment: Deployment): UpstreamError {
  return new UpstreamError(
    `${deployment.provider}: no answer within ${deployment.timeoutMs / 1000}s`,
    { provider: deployment.provider, status: 504, retryable: true },
  );
}

/** Create the router over the deployments of a config; provider keys are checked here. */
export function createModelRouter(options: ModelRouterOptions): ModelRouter {
  const { config, adapters, logger, metrics } = options;
  const keys = resolveDeploymentKeys(config.deployments, adapters, options.env);
  const groups = new Map<string, Deployment[]>();
  for (const deployment of config.deployments) {
    groups.set(deployment.modelName, [...(groups.get(deployment.modelName) ?? []), deployment]);
  }
  const cursors = new Map<string, number>();

  const order = (modelName: string): Deployment[] => {
    const list = groups.get(modelName) ?? [];
    const start = cursors.get(modelName) ?? 0;
    cursors.set(modelName, (start + 1) % Math.max(list.length, 1));
    return list.map((_, i) => list[(start + i) % list.length] as Deployment);
  };

  const tryOnce = async (deployment: Deployment, client: AbortSignal, attempt: Attempt) => {
    const adapter = adapters[deployment.provider] as ProviderAdapter;
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(timeoutError(deployment)), deployment.timeoutMs);
    const signal = AbortSignal.any([client, timer.signal]);
    const ctx = {
      deployment,
      apiKey: keys.get(deployment.id),
      signal,
      fetch: options.fetch,
      logger,
    };
    try {
      const result = await attempt(adapter, ctx);
      if (!result.stream) return result;
      const peeked = await peekFirst(result.events);
      return { stream: true as const, events: peeked.events };
    } catch (error) {
      if (client.aborted) throw error;
      if (timer.signal.aborted) throw timer.signal.reason;
      throw error;
    } finally {
      clearTimeout(handle);
    }
  };

  const tryGroup = async (modelName: string, client: AbortSignal, attempt: Attempt) => {
    const candidates = order(modelName);
    const rounds = Math.max(candidates.length, 1 + config.numRetries);
    let lastError: unknown;
    for (let i = 0; i < rounds; i++) {
      const deployment = candidates[i % candidates.length] as Deployment;
      for (let retry = 0; retry <= deployment.maxRetries; retry++) {
        try {
          return { result: await tryOnce(deployment, client, attempt), deployment };
        } catch (error) {
          if (client.aborted || !(error instanceof UpstreamError)) throw error;
          metrics.upstreamErrors.inc({
            provider: deployment.provider,
            model: deployment.modelName,
            status: String(error.status),
          });
          logger.warn(
            { deployment: deployment.id, status: error.status, err: error.message },
            "upstream call failed",
          );
          if (!error.retryable) throw error;
          lastError = error;
        }
      }
    }
    throw lastError;
  };

  return {
    modelNames: () => [...groups.keys()],
    deploymentsOf(modelName) {
      const list = groups.get(modelName);
      if (list === undefined) {
        throw new BadRequestError(
          `Unknown model "${modelName}"; GET /v1/models lists the models you may call`,
          { code: "model_not_found" },
        );
      }
      return list;
    },
    async route(modelName, signal, attempt) {
      this.deploymentsOf(modelName);
      const chain = [modelName, ...(config.fallbacks.get(modelName) ?? [])];
      let lastError: unknown;
      for (const [index, name] of chain.entries()) {
        try {
          if (index > 0) logger.info({ model: modelName, fallback: name }, "trying fallback");
          return await tryGroup(name, signal, attempt);
        } catch (error) {
          if (signal.aborted || !(error instanceof UpstreamError) || !error.retryable) throw error;
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
