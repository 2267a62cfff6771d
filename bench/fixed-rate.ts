import { Agent, request } from "node:http";
import { percentile } from "./stats.js";

export interface FixedRateOptions {
  url: string;
  headers?: Record<string, string>;
  /** POST bodies, sent in rotation. */
  bodies: readonly string[];
  /** Requests per second, issued on a fixed schedule whatever the answers do (open loop). */
  rate: number;
  durationSeconds: number;
  /** Requests in flight at most; one due beyond that is counted as missed, not sent. */
  maxInFlight?: number;
}

/** What a fixed-rate run measured: exact latency percentiles of the 2xx answers. */
export interface FixedRateResult {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Answers per second actually received (equals the rate when the target keeps up). */
  achievedPerSec: number;
  /** 2xx answers received. */
  completed: number;
  non2xx: number;
  errors: number;
  /** Requests not sent because `maxInFlight` were still waiting. */
  missed: number;
}

/**
 * Send POSTs at a fixed rate over kept-alive connections and time each from the moment it is
 * issued to the end of its answer. Unlike autocannon's `overallRate` (each connection sends its
 * share back to back at the start of every second), requests are spread evenly over the second,
 * as the LiteLLM anchor's load (1,000 RPS) is.
 */
export async function runFixedRate(options: FixedRateOptions): Promise<FixedRateResult> {
  const maxInFlight = options.maxInFlight ?? 256;
  const agent = new Agent({ keepAlive: true, maxSockets: maxInFlight });
  const url = new URL(options.url);
  const total = Math.round(options.rate * options.durationSeconds);
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let missed = 0;
  let inFlight = 0;
  let issued = 0;
  let settled = 0;
  let finish: () => void = () => {};
  const allSettled = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const settle = () => {
    inFlight--;
    settled++;
    if (settled === total) finish();
  };

  const send = (body: string) => {
    const started = performance.now();
    inFlight++;
    let done = false;
    const end = (outcome: "ok" | "status" | "error") => {
      if (done) return;
      done = true;
      if (outcome === "ok") times.push(performance.now() - started);
      else if (outcome === "status") non2xx++;
      else errors++;
      settle();
    };
    const call = request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (response) => {
        response.resume();
        response.once("end", () => {
          const status = response.statusCode ?? 0;
          end(status >= 200 && status < 300 ? "ok" : "status");
        });
        response.once("error", () => end("error"));
      },
    );
    call.on("error", () => end("error"));
    call.end(body);
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
      while (issued < due) {
        const body = options.bodies[issued % options.bodies.length] as string;
        issued++;
        if (inFlight >= maxInFlight) {
          missed++;
          settled++;
        } else send(body);
      }
      if (issued >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  if (settled < total) await allSettled;
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    achievedPerSec: times.length / elapsedSeconds,
    completed: times.length,
    non2xx,
    errors,
    missed,
  };
}
