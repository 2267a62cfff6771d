import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The guard API's Prometheus metrics, in a registry of their own (no global state). */
export interface GuardMetrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeScan(mode: string, seconds: number, valid: Readonly<Record<string, boolean>>): void;
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
  const requests = new Counter({
    name: "guard_api_requests_total",
    help: "HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: "guard_api_request_duration_seconds",
    help: "HTTP request latency by method, route and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: latencyBuckets,
    registers,
  });
  const verdicts = new Counter({
    name: "scanner_verdicts_total",
    help: "Scanner verdicts by scanner and validity",
    labelNames: ["scanner", "valid"] as const,
    registers,
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
      requests.inc(labels);
      requestDuration.observe(labels, seconds);
    },
    observeScan(mode, seconds, valid) {
      scanDuration.observe({ mode }, seconds);
      for (const [scanner, ok] of Object.entries(valid)) {
        verdicts.inc({ scanner, valid: String(ok) });
      }
    },
  };
}
