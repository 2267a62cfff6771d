import type { FixedRateResult } from "./fixed-rate.js";
import type { LoadResult } from "./load.js";
import type { BenchOutput } from "./section.js";
import { formatSpread, type Spread, spread } from "./stats.js";

/** Every target, in the order each round runs them. */
export const targets = [
  "direct",
  "Portkey",
  "ragguard",
  "ragguard 1000-char",
  "ragguard+guard 1000-char",
] as const;
export type Target = (typeof targets)[number];
/** The short-prompt targets compared at the fixed rate. */
export const peerTargets = ["direct", "Portkey", "ragguard"] as const satisfies readonly Target[];
/** The 1000-char pair without and with `guard_moderations`, at the guard rate. */
export const guardTargets = [
  "ragguard 1000-char",
  "ragguard+guard 1000-char",
] as const satisfies readonly Target[];

/** A run plus the CPU ms (user + sys) its server process spent per answered call. */
export type Measured<R> = R & { cpuMsPerCall: number };

export interface GatewayRuns {
  saturation: Map<Target, Measured<LoadResult>[]>;
  steady: Map<Target, Measured<FixedRateResult>[]>;
  guardSteady: Map<Target, Measured<FixedRateResult>[]>;
  settings: {
    rounds: number;
    saturationSeconds: number;
    fixedSeconds: number;
    connections: number;
    rate: number;
    guardRate: number;
  };
  /** RSS MiB of each server process (upstream, portkey, gateway, guarded, guardApi). */
  rss: { atStart: Record<string, number>; afterLoad: Record<string, number> };
}

type Percentiles = Pick<LoadResult, "p50Ms" | "p95Ms" | "p99Ms">;

/** Per-round differences `a - b` of p50 and p99 (rounds are paired: same minute). */
function added<T extends Percentiles>(a: readonly T[], b: readonly T[]) {
  const diff = (key: "p50Ms" | "p99Ms") =>
    spread(a.map((result, i) => result[key] - (b[i]?.[key] ?? Number.NaN)));
  return { p50Ms: diff("p50Ms"), p99Ms: diff("p99Ms") };
}

function summariseRuns<T extends Percentiles & { cpuMsPerCall: number }>(
  runs: readonly T[],
  perSecond: (run: T) => number,
  failures: (run: T) => number,
) {
  return {
    p50Ms: spread(runs.map((r) => r.p50Ms)),
    p95Ms: spread(runs.map((r) => r.p95Ms)),
    p99Ms: spread(runs.map((r) => r.p99Ms)),
    perSecond: spread(runs.map(perSecond)),
    cpuMsPerCall: spread(runs.map((r) => r.cpuMsPerCall)),
    failures: runs.reduce((sum, r) => sum + failures(r), 0),
  };
}
type Summary = ReturnType<typeof summariseRuns>;

const ms = (value: Spread) => formatSpread(value, 2);
const fixedFailures = (r: FixedRateResult) => r.non2xx + r.errors + r.missed;

/** Figures, table and notes of the gateway section. */
export function summariseGateway(runs: GatewayRuns): BenchOutput {
  const { rounds, saturationSeconds, fixedSeconds, connections, rate, guardRate } = runs.settings;
  const sat = (target: Target) => runs.saturation.get(target) ?? [];
  const fix = (target: Target) => runs.steady.get(target) ?? [];
  const low = (target: Target) => runs.guardSteady.get(target) ?? [];
  /** Per-round throughput ratio a / b. */
  const ratio = (a: Target, b: Target) =>
    spread(sat(a).map((r, i) => r.reqPerSec / (sat(b)[i]?.reqPerSec ?? Number.NaN)));

  const saturation = Object.fromEntries(
    targets.map((t) => [
      t,
      summariseRuns(
        sat(t),
        (r) => r.reqPerSec,
        (r) => r.non2xx + r.errors,
      ),
    ]),
  ) as Record<Target, Summary>;
  const steady = Object.fromEntries(
    peerTargets.map((t) => [t, summariseRuns(fix(t), (r) => r.achievedPerSec, fixedFailures)]),
  ) as Record<(typeof peerTargets)[number], Summary>;
  const guarded = Object.fromEntries(
    guardTargets.map((t) => [t, summariseRuns(low(t), (r) => r.achievedPerSec, fixedFailures)]),
  ) as Record<(typeof guardTargets)[number], Summary>;
  const comparison = {
    throughputOfDirect: {
      ragguard: ratio("ragguard", "direct"),
      Portkey: ratio("Portkey", "direct"),
    },
    ragguardToPortkeyThroughput: ratio("ragguard", "Portkey"),
    addedAtRate: {
      ragguard: added(fix("ragguard"), fix("direct")),
      Portkey: added(fix("Portkey"), fix("direct")),
    },
    guardAddedAtGuardRate: added(low("ragguard+guard 1000-char"), low("ragguard 1000-char")),
  };
  const figures = {
    settings: runs.settings,
    saturation,
    steady,
    guarded,
    comparison,
    rssMiB: runs.rss,
  };

  const row = (target: Target, load: string, s: Summary) => [
    target,
    load,
    ms(s.p50Ms),
    ms(s.p95Ms),
    ms(s.p99Ms),
    formatSpread(s.perSecond, 0),
    formatSpread(s.cpuMsPerCall, 3),
    String(s.failures),
  ];
  const rows = [
    ...targets.map((t) => row(t, `${connections} conn`, saturation[t])),
    ...peerTargets.map((t) => row(t, `${rate} rps`, steady[t])),
    ...guardTargets.map((t) => row(t, `${guardRate} rps`, guarded[t])),
  ];
  const ours = comparison.addedAtRate.ragguard;
  const theirs = comparison.addedAtRate.Portkey;
  const ahead =
    comparison.ragguardToPortkeyThroughput.median > 1 &&
    ours.p50Ms.median < theirs.p50Ms.median &&
    ours.p99Ms.median < theirs.p99Ms.median;
  const guard = comparison.guardAddedAtGuardRate;
  const rss = (name: string) =>
    `${(runs.rss.atStart[name] ?? NaN).toFixed(0)} / ${(runs.rss.afterLoad[name] ?? NaN).toFixed(0)}`;
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
      "failed",
    ],
    rows,
    notes: [
      `Flat out (${connections} connections): ragguard ${formatSpread(saturation.ragguard.perSecond, 0)} req/s (${formatSpread(comparison.throughputOfDirect.ragguard)} of direct), Portkey ${formatSpread(saturation.Portkey.perSecond, 0)} req/s (${formatSpread(comparison.throughputOfDirect.Portkey)} of direct): ragguard/Portkey ${formatSpread(comparison.ragguardToPortkeyThroughput)}.`,
      `Added to direct at ${rate} rps: ragguard p50 ${ms(ours.p50Ms)} ms, p99 ${ms(ours.p99Ms)} ms; Portkey p50 ${ms(theirs.p50Ms)} ms, p99 ${ms(theirs.p99Ms)} ms.`,
      `Goal: ragguard ahead of Portkey on throughput and added p50/p99: ${ahead ? "met" : "NOT met"}.`,
      `guard_moderations (default scanners, 1000-char prompts) adds p50 ${ms(guard.p50Ms)} ms, p99 ${ms(guard.p99Ms)} ms at ${guardRate} rps.`,
      `RSS MiB at start / after load: ragguard gateway (embedded PGlite) ${rss("gateway")}, Portkey ${rss("portkey")}, guard API ${rss("guardApi")}.`,
      `${rounds} round(s), targets interleaved; ${saturationSeconds} s flat out, ${fixedSeconds} s per fixed-rate run (open loop, requests spread evenly; "failed" = non-2xx + errors + not sent while 256 were in flight). Latencies are exact per-answer times; median of rounds (min–max).`,
    ],
  };
}
