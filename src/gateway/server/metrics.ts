import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** The gateway's Prometheus metrics, on a registry of its own (no global state). */
export interface GatewayMetrics {
  readonly registry: Registry;
  readonly requests: Counter<"route" | "model" | "status">;
  readonly latency: Histogram<"route" | "model">;
  readonly upstreamErrors: Counter<"provider" | "model" | "status">;
  readonly tokens: Counter<"model" | "type">;
}

/**
 * Create the metrics served on `GET /metrics`.
 *
 * @example
 * const metrics = createGatewayMetrics();
 * metrics.requests.inc({ route: "chat", model: "gpt-4o", status: "200" });
 */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "ragguard_gateway_" });
  return {
    registry,
    requests: new Counter({
      name: "ragguard_gateway_requests_total",
      help: "Model requests by route, model_name and HTTP status",
      labelNames: ["route", "model", "status"],
      registers: [registry],
    }),
    latency: new Histogram({
      name: "ragguard_gateway_request_duration_seconds",
      help: "Time to the full answer (or the end of the stream) by route and model_name",
      labelNames: ["route", "model"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: "ragguard_gateway_upstream_errors_total",
      help: "Failed upstream attempts by provider, model_name and status",
      labelNames: ["provider", "model", "status"],
      registers: [registry],
    }),
    tokens: new Counter({
      name: "ragguard_gateway_tokens_total",
      help: "Tokens reported by upstream usage, by model_name and type (prompt, completion)",
      labelNames: ["model", "type"],
      registers: [registry],
    }),
  };
}

/** Count the tokens of an OpenAI `usage` or Anthropic `usage` object, when present. */
export function countTokens(metrics: GatewayMetrics, model: string, usage: unknown): void {
  if (usage === null || typeof usage !== "object") return;
  const record = usage as Record<string, unknown>;
  const prompt = record.prompt_tokens ?? record.input_tokens;
  const completion = record.completion_tokens ?? record.output_tokens;
  if (typeof prompt === "number" && prompt > 0)
    metrics.tokens.inc({ model, type: "prompt" }, prompt);
  if (typeof completion === "number" && completion > 0) {
    metrics.tokens.inc({ model, type: "completion" }, completion);
  }
}
