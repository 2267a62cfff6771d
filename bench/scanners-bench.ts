import { performance } from "node:perf_hooks";
import { silentLogger } from "../src/common/logger.js";
import { scanPrompt } from "../src/scan/scan-prompt.js";
import { buildScanners } from "../src/scanners/registry.js";
import { createTaskVault } from "../src/workers/task-vault.js";
import { generateChunks } from "./corpus.js";
import { scannerPeers } from "./scanner-peers.js";
import { median, percentile, type Spread, spread } from "./stats.js";

/** Per-chunk cost of one scanner set on 1000-character chunks, over several rounds. */
export interface ScannerTiming {
  set: string;
  chunkChars: number;
  chunks: number;
  rounds: number;
  medianMs: Spread;
  p99Ms: Spread;
  chunksPerSecond: Spread;
}

/** A set that could not be built or run (its error instead of figures). */
export interface ScannerFailure {
  set: string;
  error: string;
}

export type ScannerFigure = ScannerTiming | ScannerFailure;

export const scannerSets: Record<string, string[]> = {
  Regex: ["Regex"],
  Anonymize: ["Anonymize"],
  Toxicity: ["Toxicity"],
  PromptInjection: ["PromptInjection"],
  InvisibleText: ["InvisibleText"],
  Secrets: ["Secrets"],
  "default set (Anonymize+Toxicity+PromptInjection)": ["Anonymize", "Toxicity", "PromptInjection"],
};

const regexParams = { patterns: ["Bearer [A-Za-z0-9\\-._~+/]+=*"] };

/** One row of the table: a name and how to build its per-chunk call (once per round). */
interface Contender {
  name: string;
  build(): Promise<(chunk: string) => unknown>;
}

/** A ragguard scanner set, built with a fresh vault behind each chunk, as every guard API worker does. */
function ragguardSet(name: string, types: readonly string[]): Contender {
  return {
    name,
    async build() {
      const taskVault = createTaskVault();
      const scanners = buildScanners(
        types.map((type) => (type === "Regex" ? { type, params: regexParams } : { type })),
        { vault: taskVault.vault },
      );
      return (chunk) => taskVault.run(() => scanPrompt(scanners, chunk, { logger: silentLogger }));
    },
  };
}

async function timeRound(contender: Contender, chunks: readonly string[]): Promise<number[]> {
  const check = await contender.build();
  const times: number[] = [];
  for (const chunk of chunks) {
    const started = performance.now();
    await check(chunk);
    times.push(performance.now() - started);
  }
  return times;
}

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Measure every ragguard scanner set and every npm peer on the same chunks, on one core (this
 * thread), `rounds` times each, interleaved.
 */
export async function benchScanners(options: { quick: boolean }): Promise<ScannerFigure[]> {
  const count = options.quick ? 200 : 1000;
  const rounds = 3;
  const chunks = generateChunks(count, 1000, 7);
  const samples = new Map<string, { med: number[]; p99: number[]; rate: number[] }>();
  const failures: ScannerFailure[] = [];
  const contenders = [
    ...Object.entries(scannerSets).map(([set, types]) => ragguardSet(set, types)),
    ...scannerPeers,
  ];
  const byName = new Map(contenders.map((contender) => [contender.name, contender]));
  for (const contender of contenders) {
    try {
      await timeRound(contender, chunks.slice(0, 50)); // warm-up, and a check that it builds
      samples.set(contender.name, { med: [], p99: [], rate: [] });
    } catch (error) {
      failures.push({ set: contender.name, error: errorMessage(error) });
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const [set, entry] of samples) {
      const times = await timeRound(byName.get(set)!, chunks);
      entry.med.push(median(times));
      entry.p99.push(percentile(times, 99));
      entry.rate.push(1000 / (times.reduce((a, b) => a + b, 0) / times.length));
    }
  }
  const timings: ScannerTiming[] = [...samples].map(([set, entry]) => ({
    set,
    chunkChars: 1000,
    chunks: count,
    rounds,
    medianMs: spread(entry.med),
    p99Ms: spread(entry.p99),
    chunksPerSecond: spread(entry.rate),
  }));
  return [...timings, ...failures];
}
