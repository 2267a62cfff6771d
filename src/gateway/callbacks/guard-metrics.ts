import { Counter, Histogram, type Registry } from "prom-client";

/** How a guard check ended: the guard's verdict, or no verdict. */
export type GuardCheckResult = "valid" | "invalid" | "error";

/** Guard check metrics: outcomes and latency, on the gateway's registry. */
export interface GuardCheckMetrics {
  /** Count one check (`ragguard_gateway_guard_checks_total`) and observe how long it took. */
  record(result: GuardCheckResult, seconds: number): void;
}

const results: readonly GuardCheckResult[] = ["valid", "invalid", "error"];

/**
 * Register `ragguard_gateway_guard_checks_total` and the guard latency histogram. Counts wait in
 * plain numbers and reach prom-client at scrape time (it hashes and validates the labels on every
 * `inc`); the histogram observes with one label object per result, made once.
 */
export function createGuardCheckMetrics(registry?: Registry): GuardCheckMetrics {
  const registers = registry ? [registry] : [];
  const pending: Record<GuardCheckResult, number> = { valid: 0, invalid: 0, error: 0 };
  new Counter({
    name: "ragguard_gateway_guard_checks_total",
    help: "guard_moderations checks by result (valid, invalid, error)",
    labelNames: ["result"],
    registers,
    collect() {
      for (const result of results) {
        if (pending[result] === 0) continue;
        this.inc({ result }, pending[result]);
        pending[result] = 0;
      }
    },
  });
  const latency = new Histogram({
    name: "ragguard_gateway_guard_check_duration_seconds",
    help: "Time the guard API took to answer, by result",
    labelNames: ["result"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const labels = {
    valid: { result: "valid" },
    invalid: { result: "invalid" },
    error: { result: "error" },
  } as const;
  return {
    record(result, seconds) {
      pending[result] += 1;
      latency.observe(labels[result], seconds);
    },
  };
}
