import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import { gatewayCallbacks } from "../../src/gateway/callbacks/index.js";
import { createGuardApi } from "../../src/guard-api/app.js";
import { openTestPGlite, type TestDatabase } from "../gateway/helpers/databases.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import { type RunningGateway, startTestGateway } from "../gateway/helpers/test-gateway.js";

interface CannonResult {
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface CannonInstance extends PromiseLike<CannonResult> {
  on(event: "response", listener: () => void): void;
}
type Autocannon = (options: Record<string, unknown>) => CannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/**
 * 4,000 calls by default keeps `npm test` short on two cores; the 10,000 run is
 * `RAGGUARD_LOAD_REQUESTS=10000 npx vitest run test/reliability/load.test.ts`.
 */
const total = Number(process.env.RAGGUARD_LOAD_REQUESTS ?? 4_000);

/** Heap in use after a full garbage collection (what a leak would grow). */
function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  return process.memoryUsage().heapUsed;
}

describe("load: gateway + guard API + fake upstream on loopback", () => {
  let db: TestDatabase;
  let upstream: FakeUpstream;
  let guard: FastifyInstance;
  let running: RunningGateway;

  beforeAll(async () => {
    db = await openTestPGlite();
    upstream = await startFakeUpstream(openAIHandler);
    guard = await createGuardApi({
      config: {
        app: { scan_threads: 1, scan_queue_limit: 200 },
        input_scanners: [{ type: "InvisibleText" }],
      },
      logger: silentLogger,
    });
    await guard.listen({ host: "127.0.0.1", port: 0 });
    const guardUrl = `http://127.0.0.1:${(guard.server.address() as AddressInfo).port}`;
    running = await startTestGateway(
      db.db,
      {
        model_list: [
          {
            model_name: "gpt-4o",
            gateway_params: {
              model: "openai/gpt-4o",
              api_key: "sk-up",
              api_base: `${upstream.url}/v1`,
            },
          },
        ],
        gateway_settings: { callbacks: ["guard_moderations"], guard_mode: "all" },
      },
      { callbacks: gatewayCallbacks, env: { GUARD_API_BASE: guardUrl } },
    );
  });
  afterAll(async () => {
    await running?.close();
    await guard?.close();
    await upstream?.close();
    await db?.dispose();
  });

  it(`serves ${total} guarded chat calls at 100 connections with no error and flat memory`, async () => {
    const { key } = await running.generateKey();
    let done = 0;
    let heapAtFirstThousand = 0;
    let upstreamCalls = 0;
    // The fake upstream records every request; count and forget them so the harness holds nothing.
    const forgetUpstreamRequests = () => {
      upstreamCalls += upstream.requests.length;
      upstream.requests.splice(0);
    };
    const instance = autocannon({
      url: `${running.url}/v1/chat/completions`,
      method: "POST",
      connections: 100,
      amount: total,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-4o",
        messages: [{ role: "user", content: "What is a queue?" }],
      }),
    });
    instance.on("response", () => {
      done += 1;
      if (done % 500 === 0) forgetUpstreamRequests();
      if (done === 1_000) heapAtFirstThousand = heapAfterGc();
    });
    const result = await instance;
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBe(total);
    forgetUpstreamRequests();
    expect(upstreamCalls).toBe(total);
    // In-process RSS keeps V8's high-water mark (three servers and the load generator share this
    // process), so the leak check is the live heap after a full collection.
    const heapAtEnd = heapAfterGc();
    expect(heapAtFirstThousand).toBeGreaterThan(0);
    expect(heapAtEnd / heapAtFirstThousand).toBeLessThan(1.2);
  }, 120_000);
});
