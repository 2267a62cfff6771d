import type { Env } from "../../common/config.js";
import type { Logger } from "../../common/logger.js";
import type { Deployment, GatewayConfig } from "../config/resolve.js";
import { BadRequestError, UpstreamError } from "../errors.js";
import type { HttpClient } from "../http/index.js";
import type { ProviderAdapter, UpstreamResult } from "../providers/types.js";
import type { GatewayMetrics } from "../server/metrics.js";
import { type Attempt, runAttempt } from "./attempt.js";
import { resolveDeploymentKeys } from "./keys.js";

export type { Attempt } from "./attempt.js";

/** The outcome of a routed call: the result and the deployment that produced it. */
export interface Routed {
  readonly result: UpstreamResult;
  readonly deployment: Deployment;
}

export interface ModelRouter {
  /** Every `model_name`, in config order. */
  modelNames(): string[];
  /** Whether `modelName` is a configured `model_name`. */
  hasModel(modelName: string): boolean;
  /** Deployments of one `model_name`; 400 naming the model when it is unknown. */
  deploymentsOf(modelName: string): readonly Deployment[];
  /**
   * Run `attempt` on the deployments of `modelName` (round-robin, failover on 408/409/429/5xx,
   * network errors and timeouts, `num_retries` more rounds), then on its `fallbacks`, until one
   * answers. A stream counts as answered once its first event arrived, so failover never happens
   * after the client saw a byte. A fallback `mayCall` refuses (a model the key may not call) is
   * skipped; when none is left, the last upstream error goes back.
   */
  route(
    modelName: string,
    client: AbortSignal,
    attempt: Attempt,
    mayCall?: (modelName: string) => boolean,
  ): Promise<Routed>;
}

export interface ModelRouterOptions {
  config: GatewayConfig;
  adapters: Readonly<Record<string, ProviderAdapter>>;
  env: Env;
  http: HttpClient;
  logger: Logger;
  metrics: GatewayMetrics;
}

/** Deployments by `model_name`, handed out in rotating order. */
function createRotation(deployments: readonly Deployment[]) {
  const groups = new Map<string, Deployment[]>();
  for (const deployment of deployments) {
    groups.set(deployment.modelName, [...(groups.get(deployment.modelName) ?? []), deployment]);
  }
  const cursors = new Map<string, number>();
  return {
    groups,
    next(modelName: string): Deployment[] {
      const list = groups.get(modelName) ?? [];
      const start = cursors.get(modelName) ?? 0;
      cursors.set(modelName, (start + 1) % Math.max(list.length, 1));
      return list.map((_, i) => list[(start + i) % list.length] as Deployment);
    },
  };
}

function isRetryable(error: unknown, client: AbortSignal): error is UpstreamError {
  return !client.aborted && error instanceof UpstreamError && error.retryable;
}

/** Create the router over the deployments of a config; provider keys are checked here. */
export function createModelRouter(options: ModelRouterOptions): ModelRouter {
  const { config, adapters, logger, metrics } = options;
  const keys = resolveDeploymentKeys(config.deployments, adapters, options.env);
  const rotation = createRotation(config.deployments);

  const tryDeployment = async (deployment: Deployment, client: AbortSignal, attempt: Attempt) => {
    const deps = {
      adapter: adapters[deployment.provider] as ProviderAdapter,
      apiKey: keys.get(deployment.id),
      http: options.http,
      logger,
    };
    try {
      return await runAttempt(deployment, client, attempt, deps);
    } catch (error) {
      if (client.aborted || !(error instanceof UpstreamError)) throw error;
      const labels = { provider: deployment.provider, model: deployment.modelName };
      metrics.upstreamErrors.inc({ ...labels, status: String(error.status) });
      logger.warn(
        { deployment: deployment.id, status: error.status, err: error.message },
        "upstream call failed",
      );
      throw error;
    }
  };

  const tryGroup = async (modelName: string, client: AbortSignal, attempt: Attempt) => {
    const candidates = rotation.next(modelName);
    const rounds = Math.max(candidates.length, 1 + config.numRetries);
    let lastError: unknown;
    for (let i = 0; i < rounds; i++) {
      const deployment = candidates[i % candidates.length] as Deployment;
      for (let retry = 0; retry <= deployment.maxRetries; retry++) {
        try {
          return { result: await tryDeployment(deployment, client, attempt), deployment };
        } catch (error) {
          if (!isRetryable(error, client)) throw error;
          lastError = error;
        }
      }
    }
    throw lastError;
  };

  const deploymentsOf = (modelName: string): readonly Deployment[] => {
    const list = rotation.groups.get(modelName);
    if (list !== undefined) return list;
    throw new BadRequestError(
      `Unknown model "${modelName}"; GET /v1/models lists the models you may call`,
      { code: "model_not_found" },
    );
  };

  return {
    modelNames: () => [...rotation.groups.keys()],
    hasModel: (modelName) => rotation.groups.has(modelName),
    deploymentsOf,
    async route(modelName, client, attempt, mayCall = () => true) {
      deploymentsOf(modelName);
      const chain = [modelName, ...(config.fallbacks.get(modelName) ?? [])];
      let lastError: unknown;
      for (const [index, name] of chain.entries()) {
        if (index > 0 && !mayCall(name)) {
          logger.info(
            { model: modelName, fallback: name },
            "fallback skipped: the key may not call it",
          );
          continue;
        }
        if (index > 0) logger.info({ model: modelName, fallback: name }, "trying fallback");
        try {
          return await tryGroup(name, client, attempt);
        } catch (error) {
          if (!isRetryable(error, client)) throw error;
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
