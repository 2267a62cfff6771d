import pg from "pg";
import type { Logger } from "../../common/logger.js";
import type { Database } from "../db/database.js";
import {
  decodeInvalidation,
  encodeInvalidation,
  type InvalidationBus,
  type InvalidationListener,
  type InvalidationState,
} from "./bus.js";

const channel = "ragguard_key_invalidation";
const reconnectMs = 1000;

/**
 * Key invalidation over PostgreSQL `LISTEN/NOTIFY`, for fleets without Redis: one connection of
 * its own listens; notifications go out through the pool (`pg_notify`). A lost connection turns
 * the state `lost` (logged) and is retried every second; once back, the key cache is cleared.
 */
export async function createPostgresInvalidationBus(options: {
  url: string;
  database: Database;
  listener: InvalidationListener;
  logger: Logger;
}): Promise<InvalidationBus> {
  const { listener, logger } = options;
  let state: InvalidationState = "lost";
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    client = undefined;
    if (closed) return;
    if (state === "connected") {
      logger.warn(
        { channel, reason },
        "key invalidation channel lost (postgresql); cached keys live up to key_cache_ttl until it is back",
      );
    }
    state = "lost";
    retry ??= setTimeout(() => {
      retry = undefined;
      void listen().catch((error: Error) => lost(error.message));
    }, reconnectMs);
    retry.unref();
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url });
    next.on("error", (error) => lost(error.message));
    next.on("end", () => lost("connection ended"));
    next.on("notification", (message) => {
      if (message.channel === channel)
        listener.invalidate(decodeInvalidation(message.payload ?? ""));
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    const wasLost = state === "lost";
    state = "connected";
    if (wasLost) listener.reset();
  }

  await listen();
  logger.debug({ channel }, "listening for key invalidations (postgresql)");
  return {
    transport: "postgresql",
    get state() {
      return state;
    },
    async publish(tokenIds) {
      if (tokenIds.length === 0) return;
      await options.database.query("SELECT pg_notify($1, $2)", [
        channel,
        encodeInvalidation(tokenIds),
      ]);
    },
    async close() {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
