import { describe, expect, it } from "vitest";
import { createGuardMetrics } from "../../src/guard-api/metrics.js";

describe("createGuardMetrics", () => {
  it("exposes request and verdict counts at scrape time, per label set, and keeps counting", async () => {
    const metrics = createGuardMetrics(() => 3);
    metrics.observeRequest("POST", "/analyze/prompt", 200, 0.002);
    metrics.observeRequest("POST", "/analyze/prompt", 200, 0.003);
    metrics.observeRequest("GET", "/healthz", 200, 0.0001);
    metrics.observeScan("analyze", 0.001, { Regex: true, Toxicity: false });
    metrics.observeScan("analyze", 0.001, { Regex: true, Toxicity: true });
    const first = await metrics.registry.metrics();
    expect(first).toContain(
      'guard_api_requests_total{method="POST",route="/analyze/prompt",status="200"} 2',
    );
    expect(first).toContain(
      'guard_api_requests_total{method="GET",route="/healthz",status="200"} 1',
    );
    expect(first).toContain('scanner_verdicts_total{scanner="Regex",valid="true"} 2');
    expect(first).toContain('scanner_verdicts_total{scanner="Toxicity",valid="false"} 1');
    expect(first).toContain('scanner_verdicts_total{scanner="Toxicity",valid="true"} 1');
    expect(first).toContain("guard_api_scan_queue_depth 3");
    // A second scrape adds only what happened since the first.
    metrics.observeRequest("POST", "/analyze/prompt", 200, 0.002);
    const second = await metrics.registry.metrics();
    expect(second).toContain(
      'guard_api_requests_total{method="POST",route="/analyze/prompt",status="200"} 3',
    );
    expect(second).toContain('scanner_verdicts_total{scanner="Regex",valid="true"} 2');
  });
});
