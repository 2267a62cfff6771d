import autocannon from "autocannon";
import { z } from "zod";
import { percentile } from "./stats.js";

const resultSchema = z.object({
  requests: z.object({ average: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
});

/**
 * What one load run measured. Percentiles are over every 2xx answer's exact time (autocannon's
 * own histogram rounds to whole milliseconds, too coarse for a sub-millisecond overhead).
 */
export interface LoadResult {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  reqPerSec: number;
  /** 2xx answers received. */
  completed: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** POST bodies, sent in rotation. */
  bodies: readonly string[];
}

/** Run autocannon against `options.url` and time every answer exactly. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headers = { "content-type": "application/json", ...options.headers };
  const times: number[] = [];
  const running = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: options.bodies.map((body) => ({ method: "POST", headers, body })),
  });
  running.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = resultSchema.parse(await running);
  return {
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    completed: times.length,
    reqPerSec: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
