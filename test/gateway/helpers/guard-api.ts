import type { AddressInfo } from "node:net";
import { createGuardApi } from "../../../src/guard-api/app.js";
import { createScanPool } from "../../../src/workers/scan-pool.js";
import { captureLogger } from "../../helpers/capture-logger.js";

/** A real guard API on 127.0.0.1:0 (one scan thread) for gateway tests. */
export interface TestGuardApi {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  close(): Promise<void>;
}

/** Start the guard API with `input_scanners` (its config) on one scan thread. */
export async function startTestGuardApi(
  scanners: ReadonlyArray<{ type: string; params?: Record<string, unknown> }>,
): Promise<TestGuardApi> {
  const pool = createScanPool({ scanners: [...scanners], threads: 1 });
  const app = await createGuardApi({
    config: { input_scanners: [...scanners] },
    pool,
    logger: captureLogger().logger,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await pool.destroy();
    },
  };
}

/** Request URLs of guard API calls that went through {@link countingFetch}. */
export function countingFetch(path: string): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes(path)) calls.push(url);
      return fetch(input, init);
    },
  };
}
