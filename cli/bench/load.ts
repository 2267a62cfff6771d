import { z } from "zod";
import { AppError } from "../../src/common/errors.js";

const resultSchema = z.object({
  latency: z.object({ p50: z.number(), p99: z.number(), average: z.number() }),
  requests: z.object({ average: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
});

/** What one load run measured. */
export interface LoadResult {
  p50Ms: number;
  p99Ms: number;
  reqPerSec: number;
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

/** Run autocannon (a dev dependency: `ragguard bench` runs from a clone after `npm ci`). */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let autocannon: typeof import("autocannon").default;
  try {
    autocannon = (await import("autocannon")).default;
  } catch (error) {
    throw new AppError("ragguard bench needs autocannon: run it from a clone after `npm ci`", {
      expose: true,
      cause: error,
    });
  }
  const headers = { "content-type": "application/json", ...options.headers };
  const raw = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: options.bodies.map((body) => ({ method: "POST", headers, body })),
  });
  const result = resultSchema.parse(raw);
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    reqPerSec: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
