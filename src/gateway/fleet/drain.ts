import type { FastifyInstance } from "fastify";
import type { Logger } from "../../common/logger.js";

/** Whether this replica is stopping; readiness reads it. */
export interface DrainState {
  readonly draining: boolean;
}

export interface DrainOptions {
  /** Time between turning unready and closing the listener (load balancers notice meanwhile). */
  delayMs: number;
  /** Time in-flight requests and streams get after the listener closed; then they are cut. */
  timeoutMs: number;
  logger: Logger;
}

/**
 * Graceful stop: readiness answers 503 at once, the listener closes after `delayMs`, requests and
 * streams in flight finish (new requests on kept-alive connections get 503), and connections
 * still open after `timeoutMs` are closed.
 *
 * @example
 * const drain = createDrain({ delayMs: 5000, timeoutMs: 30000, logger });
 * await drain.run(app); // on SIGTERM
 */
export function createDrain(options: DrainOptions) {
  let draining = false;
  let done: Promise<void> | undefined;
  async function run(app: FastifyInstance): Promise<void> {
    draining = true;
    options.logger.info(
      { delay_ms: options.delayMs, timeout_ms: options.timeoutMs },
      "draining: readiness is now 503",
    );
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const force = setTimeout(() => {
      options.logger.warn({}, "drain timeout: closing the connections still open");
      app.server.closeAllConnections();
    }, options.timeoutMs);
    force.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(force);
    }
    options.logger.info({}, "drained: no request in flight");
  }
  return {
    state: {
      get draining() {
        return draining;
      },
    } satisfies DrainState,
    /** Start draining (once); resolves when the server is closed. */
    run(app: FastifyInstance): Promise<void> {
      done ??= run(app);
      return done;
    },
  };
}
