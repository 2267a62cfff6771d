import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** The gateway's Prometheus metrics, on a registry of its own (no global state). */
export interface GatewayMetrics {
  readonly registry: Registry;
  readonly latency: Histogram<"route" | "model">;
  readonly upstreamErrors: Counter<"provider" | "model" | "status">;
  /** Count one model request (`requests_total`) and observe its duration. */
  observeRequest(route: string, model: string, status: number, seconds: number): void;
  /** Add `count` tokens of `type` (`prompt`, `completion`) to `tokens_total`. */
  addTokens(model: string, type: "prompt" | "completion", count: number): void;
}

/**
 * Counts kept in plain maps on the hot path and added to a prom-client counter at scrape time:
 * prom-client hashes and validates the labels on every `inc`, three times per call here.
 */
class PendingCounts<Labels extends Record<string, string>> {
  private readonly pending = new Map<string, { labels: Labels; count: number }>();

  add(key: string, labels: () => Labels, count = 1): void {
    const entry = this.pending.get(key);
    if (entry === undefined) this.pending.set(key, { labels: labels(), count });
    else entry.count += count;
  }

  /** Move the counts into `counter` (in the order the label sets were first seen). */
  flush(counter: Counter<Extract<keyof Labels, string>>): void {
    for (const entry of this.pending.values()) {
      if (entry.count === 0) continue;
      counter.inc(entry.labels, entry.count);
      entry.count = 0;
    }
  }
}

/**
 * Create the metrics served on `GET /metrics`.
 *
 * @example
 * const metrics = createGatewayMetrics();
 * metrics.observeRequest("chat", "gpt-4o", 200, 0.012);
 */
export function createGatewayMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "ragguard_gateway_" });
  const registers = [registry];
  const pendingRequests = new PendingCounts<{ route: string; model: string; status: string }>();
  const pendingTokens = new PendingCounts<{ model: string; type: string }>();
  new Counter({
    name: "ragguard_gateway_requests_total",
    help: "Model requests by route, model_name and HTTP status",
    labelNames: ["route", "model", "status"],
    registers,
    collect() {
      pendingRequests.flush(this);
    },
  });
  const latency = new Histogram({
    name: "ragguard_gateway_request_duration_seconds",
    help: "Time to the full answer (or the end of the stream) by route and model_name",
    labelNames: ["route", "model"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  const upstreamErrors = new Counter({
    name: "ragguard_gateway_upstream_errors_total",
    help: "Failed upstream attempts by provider, model_name and status",
    labelNames: ["provider", "model", "status"],
    registers,
  });
  new Counter({
    name: "ragguard_gateway_tokens_total",
    help: "Tokens reported by upstream usage, by model_name and type (prompt, completion)",
    labelNames: ["model", "type"],
    registers,
    collect() {
      pendingTokens.flush(this);
    },
  });
  return {
    registry,
    latency,
    upstreamErrors,
    observeRequest(route, model, status, seconds) {
      pendingRequests.add(`${route} ${status} ${model}`, () => ({
        route,
        model,
        status: String(status),
      }));
      latency.observe({ route, model }, seconds);
    },
    addTokens(model, type, count) {
      pendingTokens.add(`${type} ${model}`, () => ({ model, type }), count);
    },
  };
}

/** Count the tokens of an OpenAI `usage` or Anthropic `usage` object, when present. */
export function countTokens(metrics: GatewayMetrics, model: string, usage: unknown): void {
  if (usage === null || typeof usage !== "object") return;
  const record = usage as Record<string, unknown>;
  const prompt = record.prompt_tokens ?? record.input_tokens;
  const completion = record.completion_tokens ?? record.output_tokens;
  if (typeof prompt === "number" && prompt > 0) metrics.addTokens(model, "prompt", prompt);
  if (typeof completion === "number" && completion > 0) {
    metrics.addTokens(model, "completion", completion);
  }
}
