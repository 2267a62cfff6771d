import type { Logger } from "../../common/logger.js";
import { silentLogger } from "../../common/logger.js";

/** How a failed attempt counts: a connection failure is retried on another base. */
export type AttemptFailure = "connection" | "failure" | "other";

/** Several guard APIs behind one call: spread, retried once, unhealthy ones left out. */
export interface GuardEndpointPool {
  readonly bases: readonly string[];
  /** Bases that are currently left out until their `/readyz` answers. */
  unhealthy(): string[];
  /**
   * Run `attempt` on the next healthy base; when it fails to connect, run it once more on
   * another base. The error of the last attempt is thrown.
   */
  send<T>(attempt: (base: string) => Promise<T>): Promise<T>;
  /** Stop the health probes. */
  close(): void;
}

export interface GuardPoolOptions {
  bases: readonly string[];
  classify(error: unknown): AttemptFailure;
  /** Failures in a row (connection or error answers) that make a base unhealthy; default 2. */
  failuresToEject?: number;
  /** How often an unhealthy base's `/readyz` is asked; default 1000 ms. */
  probeIntervalMs?: number;
  /** Whether a base is ready again; default `GET <base>/readyz` answers 2xx within 1 s. */
  probe?: (base: string) => Promise<boolean>;
  logger?: Logger;
}

async function readyz(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Create a {@link GuardEndpointPool}. With one base it still retries nothing and ejects nothing
 * useful, so callers may use it for any `GUARD_API_BASE`.
 *
 * @example
 * const pool = createGuardPool({ bases: ["http://a:8000", "http://b:8000"], classify });
 * const verdict = await pool.send((base) => analyze(`${base}/analyze/prompt`));
 */
export function createGuardPool(options: GuardPoolOptions): GuardEndpointPool {
  const { bases, classify } = options;
  const logger = options.logger ?? silentLogger;
  const eject = options.failuresToEject ?? 2;
  const probe = options.probe ?? readyz;
  const failures = new Map<string, number>();
  const probes = new Map<string, NodeJS.Timeout>();
  let cursor = 0;

  const healthy = (base: string) => !probes.has(base);

  function markUnhealthy(base: string): void {
    if (probes.has(base) || bases.length === 1) return;
    logger.warn({ guard_api: base }, "guard API unhealthy; left out until its /readyz answers");
    const timer = setInterval(async () => {
      if (!(await probe(base)) || !probes.has(base)) return;
      clearInterval(timer);
      probes.delete(base);
      failures.set(base, 0);
      logger.info({ guard_api: base }, "guard API ready again");
    }, options.probeIntervalMs ?? 1000);
    timer.unref();
    probes.set(base, timer);
  }

  function failed(base: string, kind: AttemptFailure): void {
    if (kind === "other") return;
    const count = (failures.get(base) ?? 0) + 1;
    failures.set(base, count);
    if (count >= eject) markUnhealthy(base);
  }

  /** Healthy bases in rotating order, then the unhealthy ones (better than no answer at all). */
  function order(): string[] {
    const start = cursor;
    cursor = (cursor + 1) % bases.length;
    const rotated = bases.map((_, i) => bases[(start + i) % bases.length] as string);
    return [...rotated.filter(healthy), ...rotated.filter((base) => !healthy(base))];
  }

  return {
    bases,
    unhealthy: () => [...probes.keys()],
    async send(attempt) {
      const [first, second] = order();
      for (const base of [first, second]) {
        if (base === undefined) break;
        try {
          const result = await attempt(base);
          failures.set(base, 0);
          return result;
        } catch (error) {
          const kind = classify(error);
          failed(base, kind);
          if (kind !== "connection" || base === second || second === undefined) throw error;
          logger.warn({ guard_api: base, retry_on: second }, "guard API unreachable; retrying");
        }
      }
      throw new Error("guard pool: no base to send to");
    },
    close() {
      for (const timer of probes.values()) clearInterval(timer);
      probes.clear();
    },
  };
}
