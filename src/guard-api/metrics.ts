import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The guard API's Prometheus metrics, in a registry of their own (no global state). */
export interface GuardMetrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeScan(mode: string, seconds: number, valid: Readonly<Record<string, boolean>>): void;
}

/**
 * Counts kept in plain maps on the hot path and added to a prom-client counter at scrape time:
 * prom-client hashes and validates the labels on every `inc`, seven times per scan here.
 */
class PendingCounts<Labels extends Record<string, string>> {
  private readonly pending = new Map<string, { labels: Labels; count: number }>();

  add(key: string, labels: () => Labels): void {
    const entry = this.pending.get(key);
    if (entry === undefined) this.pending.set(key, { labels: labels(), count: 1 });
    else entry.count += 1;
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

const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Create the metrics: request count and latency per route and status, `scanner_verdicts_total`,
 * scan duration, and the scan queue depth (read from `queueDepth` at scrape time).
 *
 * @example
 * const metrics = createGuardMetrics(() => pool.queueSize);
 * reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
 */
export function createGuardMetrics(queueDepth: () => number): GuardMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const pendingRequests = new PendingCounts<{ method: string; route: string; status: string }>();
  const pendingVerdicts = new PendingCounts<{ scanner: string; valid: string }>();
  new Counter({
    name: "guard_api_requests_total",
    help: "HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
    collect() {
      pendingRequests.flush(this);
    },
  });
  const requestDuration = new Histogram({
    name: "guard_api_request_duration_seconds",
    help: "HTTP request latency by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: latencyBuckets,
    registers,
  });
  new Counter({
    name: "scanner_verdicts_total",
    help: "Scanner verdicts by scanner and validity",
    labelNames: ["scanner", "valid"] as const,
    registers,
    collect() {
      pendingVerdicts.flush(this);
    },
  });
  const scanDuration = new Histogram({
    name: "guard_api_scan_duration_seconds",
    help: "Time a scan took in its worker, by mode (analyze or scan)",
    labelNames: ["mode"] as const,
    buckets: latencyBuckets,
    registers,
  });
  new Gauge({
    name: "guard_api_scan_queue_depth",
    help: "Scans waiting for a free worker",
    registers,
    collect() {
      this.set(queueDepth());
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      pendingRequests.add(`${method} ${route} ${status}`, () => labels);
      requestDuration.observe(labels, seconds);
    },
    observeScan(mode, seconds, valid) {
      scanDuration.observe({ mode }, seconds);
      for (const scanner in valid) {
        const ok = valid[scanner] ? "true" : "false";
        pendingVerdicts.add(`${ok} ${scanner}`, () => ({ scanner, valid: ok }));
      }
    },
  };
}
