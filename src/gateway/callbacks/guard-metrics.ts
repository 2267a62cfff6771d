import { Counter, Histogram, type Registry } from "prom-client";

/** Guard check metrics: outcomes and latency, on the gateway's registry. */
export interface GuardCheckMetrics {
  readonly checks: Counter<"result">;
  readonly latency: Histogram<"result">;
}

/** Register `ragguard_gateway_guard_checks_total` and the guard latency histogram. */
export function createGuardCheckMetrics(registry?: Registry): GuardCheckMetrics {
  const registers = registry ? [registry] : [];
  return {
    checks: new Counter({
      name: "ragguard_gateway_guard_checks_total",
      help: "guard_moderations checks by result (valid, invalid, error)",
      labelNames: ["result"],
      registers,
    }),
    latency: new Histogram({
      name: "ragguard_gateway_guard_check_duration_seconds",
      help: "Time the guard API took to answer, by result",
      labelNames: ["result"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
  };
}
