import { generateChunks } from "./corpus.js";
import { runFixedRate } from "./fixed-rate.js";
import {
  benchMasterKey,
  portkeyHeaders,
  startFakeUpstream,
  startGateway,
  startGuardApi,
  startPortkey,
  withServers,
} from "./gateway-processes.js";
import {
  type GatewayRuns,
  guardTargets,
  type Measured,
  peerTargets,
  summariseGateway,
  type Target,
  targets,
} from "./gateway-summary.js";
import { runLoad } from "./load.js";
import { cpuSeconds, memoryMiB, type ServerProcess } from "./processes.js";
import type { BenchSection } from "./section.js";

/** Rate of the fixed-rate load: below what Portkey sustains flat out here (~1,400 req/s). */
const fixedRate = 500;
/**
 * Rate for the guard pair: what the guard API sustains on 2 cores next to the gateway, the
 * upstream and the load generator, so the figure is the guard's own added latency, not its queue.
 */
const guardRate = 200;
const connections = 50;

const chat = (content: string) =>
  JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content }] });

interface TargetSetup {
  url: string;
  headers?: Record<string, string>;
  bodies: string[];
  /** The process the load hits: its CPU per call and its RSS are read. */
  server: ServerProcess;
}

/**
 * Section 3: ragguard's gateway beside the Portkey gateway and a direct call to the same fake
 * provider (every server a process of its own on loopback), interleaved round after round: 50
 * connections flat out (throughput) and a fixed rate (added latency), then the cost of
 * `guard_moderations` on 1000-char prompts.
 */
export const gatewaySection: BenchSection = {
  name: "gateway",
  title: "Gateway — ragguard vs Portkey vs direct, fake upstream on loopback (median of rounds)",
  async run({ quick }) {
    const settings = {
      rounds: quick ? 1 : 3,
      saturationSeconds: quick ? 2 : 10,
      fixedSeconds: quick ? 2 : 10,
      connections,
      rate: fixedRate,
      guardRate,
    };
    return withServers("ragguard-bench-gateway-", async (start, dir) => {
      const upstream = await start(startFakeUpstream());
      const portkey = await start(startPortkey());
      const guard = await start(startGuardApi(dir));
      const plain = await start(startGateway({ dir, name: "plain", upstream: upstream.url }));
      const guarded = await start(
        startGateway({ dir, name: "guarded", upstream: upstream.url, guardUrl: guard.url }),
      );
      const servers = { upstream, portkey, gateway: plain, guarded, guardApi: guard };
      const rssAtStart = rssOf(servers);

      const auth = { authorization: `Bearer ${benchMasterKey}` };
      const short = [chat("hello")];
      const long = generateChunks(20, 1000, 11, { pii: false, risky: false }).map(chat);
      const path = "/v1/chat/completions";
      const setups: Record<Target, TargetSetup> = {
        direct: { url: `${upstream.url}${path}`, bodies: short, server: upstream },
        Portkey: {
          url: `${portkey.url}${path}`,
          headers: portkeyHeaders(upstream.url),
          bodies: short,
          server: portkey,
        },
        ragguard: { url: `${plain.url}${path}`, headers: auth, bodies: short, server: plain },
        "ragguard 1000-char": {
          url: `${plain.url}${path}`,
          headers: auth,
          bodies: long,
          server: plain,
        },
        "ragguard+guard 1000-char": {
          url: `${guarded.url}${path}`,
          headers: auth,
          bodies: long,
          server: guarded,
        },
      };
      const withCpu = async <R extends { completed: number }>(
        target: Target,
        run: () => Promise<R>,
      ): Promise<Measured<R>> => {
        const pid = setups[target].server.child.pid ?? 0;
        const before = cpuSeconds(pid);
        const result = await run();
        const cpuMs = (cpuSeconds(pid) - before) * 1000;
        return { ...result, cpuMsPerCall: result.completed > 0 ? cpuMs / result.completed : NaN };
      };
      const saturate = (target: Target, seconds: number) =>
        withCpu(target, () =>
          runLoad({ ...setups[target], connections, durationSeconds: seconds }),
        );
      const steady = (target: Target, rate: number) =>
        withCpu(target, () =>
          runFixedRate({ ...setups[target], rate, durationSeconds: settings.fixedSeconds }),
        );

      for (const target of targets) await saturate(target, 1); // warm-up
      const runs: GatewayRuns = {
        saturation: new Map(targets.map((target) => [target, []])),
        steady: new Map(peerTargets.map((target) => [target, []])),
        guardSteady: new Map(guardTargets.map((target) => [target, []])),
        settings,
        rss: { atStart: rssAtStart, afterLoad: rssAtStart },
      };
      for (let round = 0; round < settings.rounds; round++) {
        for (const target of targets)
          runs.saturation.get(target)?.push(await saturate(target, settings.saturationSeconds));
        for (const target of peerTargets)
          runs.steady.get(target)?.push(await steady(target, fixedRate));
        for (const target of guardTargets)
          runs.guardSteady.get(target)?.push(await steady(target, guardRate));
      }
      runs.rss.afterLoad = rssOf(servers);
      return summariseGateway(runs);
    });
  },
};

/** RSS in MiB of each server process now. */
function rssOf(servers: Record<string, ServerProcess>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [name, memoryMiB(server.child.pid ?? 0).rss]),
  );
}
