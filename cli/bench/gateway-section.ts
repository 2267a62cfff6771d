import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { generateChunks } from "./corpus.js";
import { runFixedRate } from "./fixed-rate.js";
import {
  benchMasterKey,
  smallFootprintEnv,
  startFakeUpstream,
  startGateway,
  startGuardApi,
  startPassThroughProxy,
} from "./gateway-processes.js";
import { summariseGateway, type Variant, variants } from "./gateway-summary.js";
import { runLoad } from "./load.js";
import { cpuSeconds, memoryMiB, type ServerProcess } from "./processes.js";
import type { BenchSection } from "./section.js";

export { startGuardApi } from "./gateway-processes.js";

/** The anchor's load: LiteLLM's published overhead is at 1,000 requests per second. */
const fixedRate = 1000;
/**
 * A rate the guard API sustains on a 2-core box next to the gateway, the upstream and the load
 * generator (its flat-out ceiling is ~1,000 scans/s alone): the guard's own added latency, without
 * its queue.
 */
const guardRate = 200;
const guardVariants = ["gateway 1000-char", "gateway+guard 1000-char"] as const;
const connections = 50;

const chat = (content: string) =>
  JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });

/** RSS of the gateway (default and glibc-tuned) and guard API processes now. */
function rssOf(gateway: ServerProcess, tuned: ServerProcess, guard: ServerProcess) {
  return {
    gateway: memoryMiB(gateway.child.pid ?? 0).rss,
    gatewayGlibcEnv: memoryMiB(tuned.child.pid ?? 0).rss,
    guardApi: memoryMiB(guard.child.pid ?? 0).rss,
  };
}

/**
 * Section 3: the gateway's added latency, guard off and on, against a direct call to the same
 * fake provider (its own process). Two loads, each run on every target in turn, round after
 * round: 50 connections flat out (throughput ratio) and a fixed 1,000 requests per second (the
 * LiteLLM anchor's load, for the added p50/p95/p99).
 */
export const gatewaySection: BenchSection = {
  name: "gateway",
  title: "Gateway overhead — fake upstream in its own process on loopback (median of rounds)",
  async run({ quick }) {
    const saturationSeconds = quick ? 2 : 10;
    const fixedSeconds = quick ? 2 : 10;
    const rounds = quick ? 1 : 3;
    // Long enough for V8's 5 s allocation window to pass and the gateway's next idle look (every
    // 2 s) to find it quiet: see giveMemoryBackWhenIdle.
    const idleSeconds = quick ? 1 : 12;
    const dir = await mkdtemp(join(tmpdir(), "ragguard-bench-gateway-"));
    const started: ServerProcess[] = [];
    const start = async (server: Promise<ServerProcess>) => {
      const running = await server;
      started.push(running);
      return running;
    };
    try {
      const upstream = await start(startFakeUpstream());
      const proxy = await start(startPassThroughProxy(upstream.url));
      const guard = await start(startGuardApi(dir));
      const plain = await start(startGateway({ dir, name: "plain", upstream: upstream.url }));
      const tuned = await start(
        startGateway({ dir, name: "tuned", upstream: upstream.url, env: smallFootprintEnv }),
      );
      const guarded = await start(
        startGateway({ dir, name: "guarded", upstream: upstream.url, guardUrl: guard.url }),
      );
      const postgresUrl = process.env.RAGGUARD_BENCH_DATABASE_URL;
      const postgres = postgresUrl
        ? await start(
            startGateway({ dir, name: "pg", upstream: upstream.url, databaseUrl: postgresUrl }),
          )
        : undefined;
      const atStart = rssOf(plain, tuned, guard);
      const postgresAtStart = postgres ? memoryMiB(postgres.child.pid ?? 0).rss : undefined;

      const auth = { authorization: `Bearer ${benchMasterKey}` };
      const short = [chat("hello")];
      const long = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
      const targets: Record<
        Variant,
        { url: string; headers?: Record<string, string>; bodies: string[] }
      > = {
        direct: { url: `${upstream.url}/v1/chat/completions`, bodies: short },
        "node proxy": { url: `${proxy.url}/v1/chat/completions`, headers: auth, bodies: short },
        gateway: { url: `${plain.url}/v1/chat/completions`, headers: auth, bodies: short },
        "gateway, glibc env": {
          url: `${tuned.url}/v1/chat/completions`,
          headers: auth,
          bodies: short,
        },
        "gateway 1000-char": {
          url: `${plain.url}/v1/chat/completions`,
          headers: auth,
          bodies: long,
        },
        "gateway+guard 1000-char": {
          url: `${guarded.url}/v1/chat/completions`,
          headers: auth,
          bodies: long,
        },
      };
      // The process each target's CPU per call is read from: the server the load hits.
      const servers: Record<Variant, ServerProcess> = {
        direct: upstream,
        "node proxy": proxy,
        gateway: plain,
        "gateway, glibc env": tuned,
        "gateway 1000-char": plain,
        "gateway+guard 1000-char": guarded,
      };
      const withCpu = async <R extends { completed: number }>(
        variant: Variant,
        run: () => Promise<R>,
      ) => {
        const pid = servers[variant].child.pid ?? 0;
        const before = cpuSeconds(pid);
        const result = await run();
        const cpuMs = (cpuSeconds(pid) - before) * 1000;
        return {
          ...result,
          cpuMsPerCall: result.completed > 0 ? cpuMs / result.completed : Number.NaN,
        };
      };
      const saturate = (variant: Variant, seconds: number) =>
        withCpu(variant, () =>
          runLoad({ ...targets[variant], connections, durationSeconds: seconds }),
        );
      const steady = (variant: Variant, seconds: number, rate = fixedRate) =>
        withCpu(variant, () =>
          runFixedRate({ ...targets[variant], rate, durationSeconds: seconds }),
        );

      for (const variant of variants) await saturate(variant, 1); // warm-up
      if (postgres)
        await runLoad({
          ...targets.gateway,
          url: `${postgres.url}/v1/chat/completions`,
          connections,
          durationSeconds: saturationSeconds,
        });
      const saturation = new Map(
        variants.map((variant) => [variant, [] as Awaited<ReturnType<typeof saturate>>[]]),
      );
      const steadyRuns = new Map(
        variants.map((variant) => [variant, [] as Awaited<ReturnType<typeof steady>>[]]),
      );
      for (let round = 0; round < rounds; round++) {
        for (const variant of variants)
          saturation.get(variant)!.push(await saturate(variant, saturationSeconds));
      }
      for (let round = 0; round < rounds; round++) {
        for (const variant of variants)
          steadyRuns.get(variant)!.push(await steady(variant, fixedSeconds));
      }
      const guardRuns = new Map(
        guardVariants.map((variant) => [variant, [] as Awaited<ReturnType<typeof steady>>[]]),
      );
      for (let round = 0; round < rounds; round++) {
        for (const variant of guardVariants)
          guardRuns.get(variant)!.push(await steady(variant, fixedSeconds, guardRate));
      }
      const afterLoad = rssOf(plain, tuned, guard);
      const postgresAfterLoad = postgres ? memoryMiB(postgres.child.pid ?? 0).rss : undefined;
      await sleep(idleSeconds * 1000);
      return summariseGateway({
        saturation,
        steady: steadyRuns,
        guardSteady: guardRuns,
        settings: {
          rounds,
          saturationSeconds,
          fixedSeconds,
          connections,
          rate: fixedRate,
          guardRate,
        },
        memory: {
          database: "pglite",
          atStart,
          afterLoad,
          afterIdle: rssOf(plain, tuned, guard),
          idleSeconds,
          postgres: postgres
            ? {
                atStart: postgresAtStart ?? Number.NaN,
                afterLoad: postgresAfterLoad ?? Number.NaN,
                afterIdle: memoryMiB(postgres.child.pid ?? 0).rss,
              }
            : undefined,
        },
      });
    } finally {
      await Promise.all(started.map((server) => server.stop()));
      await rm(dir, { recursive: true, force: true });
    }
  },
};
