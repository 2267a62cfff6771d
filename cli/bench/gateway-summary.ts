import { anchors } from "./anchors.js";
import type { FixedRateResult } from "./fixed-rate.js";
import { smallFootprintEnv } from "./gateway-processes.js";
import type { LoadResult } from "./load.js";
import type { BenchOutput } from "./section.js";
import { formatSpread, type Spread, spread } from "./stats.js";

export const variants = [
  "direct",
  "node proxy",
  "gateway",
  "gateway, glibc env",
  "gateway 1000-char",
  "gateway+guard 1000-char",
] as const;
export type Variant = (typeof variants)[number];

interface Rss {
  gateway: number;
  /** The same gateway started with `smallFootprintEnv` (short prompts only). */
  gatewayGlibcEnv: number;
  guardApi: number;
}

/** CPU ms (user + sys) the target's server process spent per answered call. */
type WithCpu<R> = R & { cpuMsPerCall: number };

export interface GatewayRuns {
  saturation: ReadonlyMap<Variant, readonly WithCpu<LoadResult>[]>;
  steady: ReadonlyMap<Variant, readonly WithCpu<FixedRateResult>[]>;
  /** The 1000-char targets without and with the guard, at `settings.guardRate`. */
  guardSteady: ReadonlyMap<Variant, readonly WithCpu<FixedRateResult>[]>;
  settings: {
    rounds: number;
    saturationSeconds: number;
    fixedSeconds: number;
    connections: number;
    rate: number;
    guardRate: number;
  };
  memory: {
    database: "pglite";
    atStart: Rss;
    /** Read as the bench's last load ends (the plain gateway's own last run ended one run before). */
    afterLoad: Rss;
    /** Read `idleSeconds` after it, with no request in between. */
    afterIdle: Rss;
    idleSeconds: number;
    /** The same gateway on PostgreSQL (`RAGGUARD_BENCH_DATABASE_URL`), when set. */
    postgres?: { atStart: number; afterLoad: number; afterIdle: number };
  };
}

type Percentiles = Pick<LoadResult, "p50Ms" | "p95Ms" | "p99Ms">;
const keys = ["p50Ms", "p95Ms", "p99Ms"] as const;

/** Per-round differences `a - b` of each percentile (rounds are paired: same minute). */
function added<T extends Percentiles>(a: readonly T[], b: readonly T[]) {
  const diff = (key: (typeof keys)[number]) =>
    spread(a.map((result, i) => result[key] - (b[i]?.[key] ?? Number.NaN)));
  return { p50Ms: diff("p50Ms"), p95Ms: diff("p95Ms"), p99Ms: diff("p99Ms") };
}

function percentiles<T extends Percentiles>(runs: readonly T[]) {
  return {
    p50Ms: spread(runs.map((r) => r.p50Ms)),
    p95Ms: spread(runs.map((r) => r.p95Ms)),
    p99Ms: spread(runs.map((r) => r.p99Ms)),
  };
}

const ms = (value: Spread) => formatSpread(value, 2);

/** Figures, table and notes of the gateway section. */
export function summariseGateway(runs: GatewayRuns): BenchOutput {
  const sat = (variant: Variant) => runs.saturation.get(variant) ?? [];
  const fix = (variant: Variant) => runs.steady.get(variant) ?? [];
  const low = (variant: Variant) => runs.guardSteady.get(variant) ?? [];
  // Per-round ratios of throughput (rounds are paired: same minute).
  const throughput = (a: Variant, b: Variant) =>
    spread(sat(a).map((r, i) => r.reqPerSec / (sat(b)[i]?.reqPerSec ?? Number.NaN)));
  const ratio = throughput("gateway", "direct");
  const proxyRatio = throughput("node proxy", "direct");
  const gatewayToProxy = throughput("gateway", "node proxy");
  const { rounds, saturationSeconds, fixedSeconds, connections, rate, guardRate } = runs.settings;
  const saturation = {
    connections,
    durationSeconds: saturationSeconds,
    variants: Object.fromEntries(
      variants.map((variant) => [
        variant,
        {
          ...percentiles(sat(variant)),
          reqPerSec: spread(sat(variant).map((r) => r.reqPerSec)),
          cpuMsPerCall: spread(sat(variant).map((r) => r.cpuMsPerCall)),
          non2xx: sat(variant).reduce((sum, r) => sum + r.non2xx, 0),
          errors: sat(variant).reduce((sum, r) => sum + r.errors, 0),
        },
      ]),
    ),
    gatewayAdded: added(sat("gateway"), sat("direct")),
    proxyAdded: added(sat("node proxy"), sat("direct")),
    throughputRatio: ratio,
    proxyThroughputRatio: proxyRatio,
    gatewayToProxyThroughputRatio: gatewayToProxy,
    guardAdded: added(sat("gateway+guard 1000-char"), sat("gateway 1000-char")),
  };
  const fixedRun = (run: readonly WithCpu<FixedRateResult>[]) => ({
    ...percentiles(run),
    achievedPerSec: spread(run.map((r) => r.achievedPerSec)),
    cpuMsPerCall: spread(run.map((r) => r.cpuMsPerCall)),
    non2xx: run.reduce((sum, r) => sum + r.non2xx, 0),
    errors: run.reduce((sum, r) => sum + r.errors, 0),
    missed: run.reduce((sum, r) => sum + r.missed, 0),
  });
  const fixedRate = {
    requestsPerSecond: rate,
    durationSeconds: fixedSeconds,
    variants: Object.fromEntries(variants.map((variant) => [variant, fixedRun(fix(variant))])),
    gatewayAdded: added(fix("gateway"), fix("direct")),
    proxyAdded: added(fix("node proxy"), fix("direct")),
    guardAdded: added(fix("gateway+guard 1000-char"), fix("gateway 1000-char")),
  };
  const guardVariants = [...runs.guardSteady.keys()];
  const guardRateRuns = {
    requestsPerSecond: guardRate,
    durationSeconds: fixedSeconds,
    variants: Object.fromEntries(guardVariants.map((variant) => [variant, fixedRun(low(variant))])),
    guardAdded: added(low("gateway+guard 1000-char"), low("gateway 1000-char")),
  };
  const figures = {
    rounds,
    saturation,
    fixedRate,
    guardRate: guardRateRuns,
    memoryMiB: runs.memory,
  };
  const fixedRow = (variant: Variant, load: string, f: ReturnType<typeof fixedRun>) => [
    variant,
    load,
    ms(f.p50Ms),
    ms(f.p95Ms),
    ms(f.p99Ms),
    formatSpread(f.achievedPerSec, 0),
    formatSpread(f.cpuMsPerCall, 3),
    String(f.non2xx + f.errors + f.missed),
  ];

  const rows = variants.flatMap((variant) => {
    const s = saturation.variants[variant]!;
    const f = fixedRate.variants[variant]!;
    return [
      [
        variant,
        `${connections} conn`,
        ms(s.p50Ms),
        ms(s.p95Ms),
        ms(s.p99Ms),
        formatSpread(s.reqPerSec, 0),
        formatSpread(s.cpuMsPerCall, 3),
        String(s.non2xx + s.errors),
      ],
      fixedRow(variant, `${rate} rps`, f),
    ];
  });
  for (const variant of guardVariants)
    rows.push(fixedRow(variant, `${guardRate} rps`, guardRateRuns.variants[variant]!));
  const { liteLLM } = anchors;
  const g = fixedRate.gatewayAdded;
  const p = fixedRate.proxyAdded;
  const cpu = (variant: Variant) => formatSpread(saturation.variants[variant]!.cpuMsPerCall, 3);
  const guard = fixedRate.guardAdded;
  // The guarded target at the anchor's rate: did the load generator send every request?
  const guardFixed = fixedRate.variants["gateway+guard 1000-char"];
  const guardMissed = guardFixed?.missed ?? 0;
  const guardKeptUp = guardMissed === 0;
  // Answers other than 2xx: the callback fails closed (503) when the guard API cannot answer.
  const guardRefused = (guardFixed?.non2xx ?? 0) + (guardFixed?.errors ?? 0);
  const refusedNote =
    guardRefused > 0
      ? `; ${guardRefused} answered non-2xx or failed (fail-closed when the guard cannot answer in time)`
      : "";
  const { memory } = runs;
  const rss = (key: keyof Rss) =>
    [memory.atStart, memory.afterLoad, memory.afterIdle].map((m) => m[key].toFixed(0)).join(" / ");
  const glibcEnv = Object.entries(smallFootprintEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  const postgres = memory.postgres
    ? `; on PostgreSQL ${memory.postgres.atStart.toFixed(0)} / ${memory.postgres.afterLoad.toFixed(0)} / ${memory.postgres.afterIdle.toFixed(0)}`
    : "";
  return {
    figures,
    header: [
      "target",
      "load",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "req/s",
      "server CPU ms/call",
      "non-2xx+errors+missed",
    ],
    rows,
    notes: [
      `Added by the gateway (guard off) at ${rate} rps: p50 ${ms(g.p50Ms)} ms (goal <= 0.5), p95 ${ms(g.p95Ms)} ms, p99 ${ms(g.p99Ms)} ms (goal <= 3); by the reference node proxy: p50 ${ms(p.p50Ms)} ms, p95 ${ms(p.p95Ms)} ms, p99 ${ms(p.p99Ms)} ms. Anchor (${liteLLM.source}): ${liteLLM.addedLatencyMedianMs} ms median, ${liteLLM.addedLatencyP95Ms} ms p95 at ${liteLLM.atRps} RPS.`,
      `Flat out (${connections} connections): gateway throughput ${formatSpread(ratio)} of direct (goal >= 0.85), added p50 ${ms(saturation.gatewayAdded.p50Ms)} ms, p99 ${ms(saturation.gatewayAdded.p99Ms)} ms (queueing included). Direct is one plain node:http server; through any proxy every call is that plus a server and a client hop, on the same 2 cores as the load generator: the reference "node proxy" (a plain node:http server forwarding through the gateway's keep-alive node:http client, ~40 lines, no auth, parsing or metrics) reaches ${formatSpread(proxyRatio)} of direct, and the gateway ${formatSpread(gatewayToProxy)} of that proxy.`,
      `Added by guard_moderations (1000-char prompts) at ${rate} rps: p50 ${ms(guard.p50Ms)} ms (goal <= 2), p95 ${ms(guard.p95Ms)} ms, p99 ${ms(guard.p99Ms)} ms (${guardKeptUp ? "every request sent" : `${guardMissed} requests not sent: above what the chain sustains here, so mostly its queue`}${refusedNote}); at ${guardRate} rps: p50 ${ms(guardRateRuns.guardAdded.p50Ms)} ms, p95 ${ms(guardRateRuns.guardAdded.p95Ms)} ms, p99 ${ms(guardRateRuns.guardAdded.p99Ms)} ms; flat out p50 ${ms(saturation.guardAdded.p50Ms)} ms. "missed" at ${rate} rps = requests the generator could not send while 256 were waiting.`,
      `Server CPU ms per call (user + sys of the process the load hits, from /proc; hardly moved by other jobs on the machine): direct upstream ${cpu("direct")}, reference node proxy ${cpu("node proxy")}, gateway ${cpu("gateway")} (with the glibc env ${cpu("gateway, glibc env")}), gateway with 1000-char prompts ${cpu("gateway 1000-char")}, gateway with guard_moderations ${cpu("gateway+guard 1000-char")} (the guard API's own CPU is in its section), flat out; all threads count (JIT, GC), so a --quick run's few calls read high.`,
      `RSS MiB at start / after the bench's last load / ${memory.idleSeconds} s later: gateway (embedded PGlite) ${rss("gateway")}${postgres} (goal <= 120; its own last run ends one run before the bench's, as the guarded gateway runs last; once quiet it gives its young generation back, ~15 MB, which under load it holds; what stays above the start is old-space garbage until V8's next full collection and free C heap glibc keeps after V8's compiler frees large blocks); the same gateway with ${glibcEnv} in its environment (README, short prompts only) ${rss("gatewayGlibcEnv")}; guard API ${rss("guardApi")} (goal <= 300; workers included).`,
      `${rounds} round(s) per load, targets interleaved; ${saturationSeconds} s flat out, ${fixedSeconds} s at ${rate} rps (open loop, requests spread evenly; "missed" = not sent while 256 were in flight). Latencies are exact per-answer times; median of rounds (min–max). The fake upstream and the reference proxy run in processes of their own.`,
    ],
  };
}
