import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { KeyedHistogram } from "../../../src/gateway/server/keyed-histogram.js";
import { createGatewayMetrics } from "../../../src/gateway/server/metrics.js";

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const config = {
  name: "test_duration_seconds",
  help: "Durations by route and model",
  labelNames: ["route", "model"] as const,
  buckets,
};

/** Values in and between every bucket: exact bounds, zero, and past the last bound. */
function observations(count: number): { route: string; model: string; seconds: number }[] {
  const out = [];
  let seed = 7;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const pick = seed % 5;
    const seconds =
      pick === 0 ? (buckets[seed % buckets.length] as number) : (seed / 2147483648) ** 3 * 90;
    const route = i % 3 === 0 ? "messages" : "chat";
    const model = i < count / 2 ? "gpt-4o" : i % 2 === 0 ? "claude" : "gpt-4o";
    out.push({ route, model, seconds: i === 5 ? 0 : seconds });
  }
  return out;
}

function pair(): { keyed: KeyedHistogram<"route" | "model">; reference: Registry; ours: Registry } {
  const ours = new Registry();
  const reference = new Registry();
  const keyed = new KeyedHistogram({
    ...config,
    labelNames: [...config.labelNames],
    registers: [ours],
  });
  const histogram = new Histogram({
    ...config,
    labelNames: [...config.labelNames],
    registers: [reference],
  });
  for (const { route, model, seconds } of observations(500)) {
    histogram.observe({ route, model }, seconds);
  }
  return { keyed, reference, ours };
}

describe("KeyedHistogram", () => {
  it("gives prom-client's exposition for the same observations, observed by key", async () => {
    const { keyed, reference, ours } = pair();
    for (const { route, model, seconds } of observations(500)) {
      keyed.observeKeyed(`${route}\0${model}`, () => ({ route, model }), seconds);
    }
    const text = await ours.metrics();
    expect(text).toContain('test_duration_seconds_bucket{le="+Inf",route="chat",model="gpt-4o"}');
    expect(text).toBe(await reference.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });

  it("gives prom-client's exposition through observe, with prom-client's label and value checks", async () => {
    const { keyed, reference, ours } = pair();
    for (const { route, model, seconds } of observations(500)) {
      keyed.observe({ route, model }, seconds);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(() => keyed.observe({ route: "chat", other: "x" } as never, 1)).toThrow(/other/);
    expect(() => keyed.observe({ route: "chat", model: "m" }, Number.NaN)).toThrow(TypeError);
  });

  it("starts empty again after reset", async () => {
    const { keyed, ours } = pair();
    keyed.observeKeyed("chat\0m", () => ({ route: "chat", model: "m" }), 0.2);
    keyed.reset();
    const empty = new Registry();
    new Histogram({ ...config, labelNames: [...config.labelNames], registers: [empty] });
    expect(await ours.metrics()).toBe(await empty.metrics());
  });
});

describe("gateway request metrics", () => {
  it("expose the request duration histogram as prom-client's Histogram would", async () => {
    const metrics = createGatewayMetrics();
    const reference = new Registry();
    const histogram = new Histogram({
      name: "ragguard_gateway_request_duration_seconds",
      help: "Time to the full answer (or the end of the stream) by route and model_name",
      labelNames: ["route", "model"],
      buckets,
      registers: [reference],
    });
    for (const { route, model, seconds } of observations(300)) {
      metrics.observeRequest(route, model, 200, seconds);
      histogram.observe({ route, model }, seconds);
    }
    const section = (text: string) =>
      text
        .split("\n\n")
        .find((block) => block.includes("# TYPE ragguard_gateway_request_duration_seconds "));
    const expected = section(await reference.metrics());
    expect(expected).toContain('model="claude"');
    expect(section(await metrics.registry.metrics())).toBe(expected?.trimEnd());
  });
});
