import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryMiB } from "../../bench/processes.js";
import { runMigrations } from "../../src/gateway/db/migrations.js";
import { openDatabase } from "../../src/gateway/db/open.js";
import { type FakeUpstream, startFakeUpstream } from "../gateway/helpers/fake-upstream.js";
import { openAIHandler } from "../gateway/helpers/openai-upstream.js";
import { type RagguardProcess, startRagguard } from "../helpers/ragguard-process.js";

interface CannonResult {
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface CannonInstance extends PromiseLike<CannonResult> {
  on(event: "response", listener: () => void): void;
  on(event: "reqError", listener: (error: Error) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => CannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/**
 * 2,000 calls by default keeps `npm test` short on two cores; `npm run test:soak` is the issue's
 * 10,000-call run (`RAGGUARD_LOAD_REQUESTS=10000`). RSS is compared between the first and the
 * last `rssWindow` calls (a quarter of the run, at most 1,000), read every tenth of a window.
 */
const total = Number(process.env.RAGGUARD_LOAD_REQUESTS ?? 2_000);
const rssWindow = Math.min(1_000, Math.floor(total / 40) * 10);
const warmUpCalls = 1_000;
const masterKey = "sk-load-master-0123456789";
/**
 * Both servers run with a bounded V8 heap, as a deployment would: without a bound, V8 lets
 * garbage pile up to several times the live heap under load (measured here: 45 MB live in
 * 160-210 MB of heap), so RSS would show how lazily it collects rather than what a server keeps.
 * A leak still shows: as RSS growth, or as a crash when the heap is full (calls fail).
 */
const nodeArgs = ["--max-old-space-size=128"];

/** RSS in MiB of each server (VmRSS from /proc/<pid>/status). */
interface RssSample {
  gateway: number;
  guardApi: number;
}
const peak = (samples: readonly RssSample[], name: keyof RssSample) =>
  Math.max(...samples.map((sample) => sample[name]));

describe("load: gateway + guard API (child processes) + fake upstream on loopback", () => {
  let dir: string | undefined;
  let upstream: FakeUpstream | undefined;
  let guardApi: RagguardProcess | undefined;
  let gateway: RagguardProcess | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-load-"));
    upstream = await startFakeUpstream(openAIHandler);
    const guardConfig = join(dir, "guard-api.yaml");
    await writeFile(
      guardConfig,
      "app:\n  log_level: warn\n  scan_threads: 1\n  scan_queue_limit: 200\n" +
        "input_scanners:\n  - type: InvisibleText\n",
    );
    // The database is created here, so that the gateway's RSS is a server's, not an installer's.
    const database = join(dir, "db");
    const [guard] = await Promise.all([
      startRagguard("guard-api", ["--config", guardConfig], "/readyz", { nodeArgs }),
      openDatabase(`pglite://${database}`).then(async (db) => {
        await runMigrations(db);
        await db.close();
      }),
    ]);
    guardApi = guard;
    const gatewayConfig = join(dir, "gateway.yaml");
    await writeFile(
      gatewayConfig,
      "model_list:\n  - model_name: gpt-4o\n" +
        `    gateway_params: { model: openai/gpt-4o, api_key: sk-up, api_base: "${upstream.url}/v1" }\n` +
        "gateway_settings: { callbacks: [guard_moderations], guard_mode: all }\n" +
        `general_settings: { master_key: ${masterKey}, database_url: "pglite://${database}" }\n`,
    );
    gateway = await startRagguard(
      "gateway",
      ["--config", gatewayConfig, "--log-level", "warn"],
      "/health/liveliness",
      { env: { GUARD_API_BASE: guard.url }, nodeArgs },
    );
  }, 120_000);

  afterAll(async () => {
    // Each step runs even if one before it failed: no child may outlive the test.
    await Promise.allSettled([gateway?.stop(), guardApi?.stop(), upstream?.close()]);
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it(`serves ${total} guarded chat calls at 100 connections with no error and flat RSS`, async () => {
    const gatewayProcess = gateway!;
    const guardProcess = guardApi!;
    const provider = upstream!;
    const generated = await fetch(`${gatewayProcess.url}/key/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${masterKey}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(generated.status).toBe(200);
    const { key } = (await generated.json()) as { key: string };
    let upstreamCalls = 0;
    // The fake upstream records every request; count and forget them so the harness holds nothing.
    const forgetUpstreamRequests = () => {
      upstreamCalls += provider.requests.length;
      provider.requests.splice(0);
    };
    const run = async (amount: number, onResponse: (done: number) => void) => {
      const instance = autocannon({
        url: `${gatewayProcess.url}/v1/chat/completions`,
        method: "POST",
        connections: 100,
        amount,
        // A loaded CI box can hold a call for seconds; a slow call is not an error here.
        timeout: 60,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          model: "gpt-4o",
          messages: [{ role: "user", content: "What is a queue?" }],
        }),
      });
      let done = 0;
      instance.on("response", () => {
        done += 1;
        if (done % 500 === 0) forgetUpstreamRequests();
        onResponse(done);
      });
      const errors: string[] = [];
      instance.on("reqError", (error) => errors.push(error.message));
      const result = await instance;
      // What went wrong, for the assertion messages: statuses, socket errors, the gateway's log.
      const why = `${JSON.stringify(result.statusCodeStats)} ${errors.slice(0, 3).join("; ")}\n${gatewayProcess.stderr().slice(-1_000)}`;
      return { result, why };
    };

    // Warm-up, not measured: JIT compilation, heap sizing and the connection pools to the guard
    // API and the provider settle over the first thousand calls.
    const warmUp = await run(warmUpCalls, () => {});
    expect(warmUp.result.errors, warmUp.why).toBe(0);
    expect(warmUp.result.non2xx, warmUp.why).toBe(0);

    // RSS saw-tooths with garbage collection, so each window is read ten times and compared by
    // its peak: a leak raises the peak of the last window, a collection does not.
    const sample = (): RssSample => ({
      gateway: memoryMiB(gatewayProcess.pid).rss,
      guardApi: memoryMiB(guardProcess.pid).rss,
    });
    const firstWindow: RssSample[] = [];
    const lastWindow: RssSample[] = [];
    forgetUpstreamRequests();
    upstreamCalls = 0;
    const { result, why } = await run(total, (done) => {
      if (done % (rssWindow / 10) !== 0) return;
      if (done <= rssWindow) firstWindow.push(sample());
      if (done > total - rssWindow) lastWindow.push(sample());
    });

    expect(result.errors, why).toBe(0);
    expect(result.timeouts, why).toBe(0);
    expect(result.non2xx, why).toBe(0);
    expect(result.requests.total).toBe(total);
    forgetUpstreamRequests();
    expect(upstreamCalls).toBe(total);
    // Both servers are still up, and every reading is real (a dead pid reads NaN).
    expect(gatewayProcess.child.exitCode).toBeNull();
    expect(guardProcess.child.exitCode).toBeNull();
    expect(firstWindow).toHaveLength(10);
    expect(lastWindow).toHaveLength(10);
    for (const name of ["gateway", "guardApi"] as const) {
      const first = peak(firstWindow, name);
      const last = peak(lastWindow, name);
      expect(first, `${name} RSS in the first ${rssWindow}`).toBeGreaterThan(0);
      expect(
        last / first,
        `${name} peak RSS ${first.toFixed(1)} MiB (first ${rssWindow}) -> ${last.toFixed(1)} MiB (last ${rssWindow})`,
      ).toBeLessThan(1.2);
    }
  }, 150_000);
});
