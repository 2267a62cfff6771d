import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cachedIngestionCorpus, type IngestionCorpus } from "./ingestion-corpus.js";
import { type IngestionRun, runIngestion } from "./ingestion-run.js";
import { ingestBin } from "./processes.js";
import type { BenchSection } from "./section.js";
import { formatSpread, type Spread, spread } from "./stats.js";

const seed = 8;
const workerCounts = [1, 2] as const;

/** Where generated corpora are kept between runs: `node_modules/.cache/ragguard-bench`. */
const cacheRoot = join(dirname(dirname(ingestBin)), "node_modules", ".cache", "ragguard-bench");

interface WorkerFigures {
  workers: number;
  mbPerSecond: Spread;
  wallSeconds: Spread;
  peakRssMiB: Spread;
  /** CPU seconds (all threads) per input MB: what the work costs, less sensitive to machine load. */
  cpuSecondsPerMB: Spread;
  /** CPU seconds per input MB of the main thread, the ingest workers and V8/libuv helper threads. */
  threadCpuSecondsPerMB: { main: Spread; workers: Spread; helpers: Spread };
  /** ingest-cli's own figure (bytes / its elapsed time, without process start-up). */
  reportedMbPerSecond: Spread;
  chunks: number;
  kept: number;
  dropped: number;
  redacted: number;
  skippedFiles: number;
  reportedBytes: number;
}

function summarize(workers: number, runs: readonly IngestionRun[]): WorkerFigures {
  const last = runs.at(-1)!.report.totals;
  return {
    workers,
    mbPerSecond: spread(runs.map((run) => run.mbPerSecond)),
    wallSeconds: spread(runs.map((run) => run.wallSeconds)),
    peakRssMiB: spread(runs.map((run) => run.peakRssMiB)),
    cpuSecondsPerMB: spread(runs.map((run) => run.cpuSeconds / (run.report.totals.bytes / 1e6))),
    threadCpuSecondsPerMB: {
      main: spread(runs.map((run) => run.threadCpu.main / (run.report.totals.bytes / 1e6))),
      workers: spread(runs.map((run) => run.threadCpu.workers / (run.report.totals.bytes / 1e6))),
      helpers: spread(runs.map((run) => run.threadCpu.helpers / (run.report.totals.bytes / 1e6))),
    },
    reportedMbPerSecond: spread(runs.map((run) => run.report.throughput.mb_per_second)),
    chunks: last.chunks,
    kept: last.kept,
    dropped: last.dropped,
    redacted: last.redacted,
    skippedFiles: last.skipped,
    reportedBytes: last.bytes,
  };
}

/** Lines that flag a run whose output does not match the corpus (nothing lost silently). */
function crossCheck(corpus: IngestionCorpus, figures: readonly WorkerFigures[]): string[] {
  const notes: string[] = [];
  for (const figure of figures) {
    if (figure.reportedBytes !== corpus.bytes) {
      notes.push(
        `Check: ${figure.workers} worker(s) report ${figure.reportedBytes} bytes, corpus has ${corpus.bytes}.`,
      );
    }
    if (figure.skippedFiles > 0) {
      notes.push(`Check: ${figure.workers} worker(s) skipped ${figure.skippedFiles} file(s).`);
    }
  }
  const [one, two] = figures;
  if (one && two && (one.kept !== two.kept || one.dropped !== two.dropped)) {
    notes.push(
      `Check: kept/dropped differ between 1 worker (${one.kept}/${one.dropped}) and 2 (${two.kept}/${two.dropped}).`,
    );
  }
  return notes;
}

/** 1 and 2 workers, interleaved round by round, so both see the same machine load. */
async function measure(corpus: IngestionCorpus, rounds: number) {
  const out = await mkdtemp(join(tmpdir(), "ragguard-bench-ingest-"));
  const runs = new Map<number, IngestionRun[]>(workerCounts.map((n) => [n, []]));
  const scaling: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const workers of workerCounts) {
        const run = await runIngestion({
          corpusDir: corpus.dir,
          corpusBytes: corpus.bytes,
          outDir: join(out, `w${workers}-r${round}`),
          workers,
        });
        runs.get(workers)!.push(run);
      }
      const [one, two] = workerCounts.map((n) => runs.get(n)!.at(-1)!);
      scaling.push(two!.mbPerSecond / one!.mbPerSecond);
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  return { runs, scaling: spread(scaling) };
}

/** Section 2: `ingest-cli` end to end on a seeded mixed corpus, 1 and 2 workers. */
export const ingestionSection: BenchSection = {
  name: "ingestion",
  title: "Ingestion — ingest-cli end to end on a seeded mixed corpus (median of rounds, min–max)",
  async run({ quick }) {
    const targetBytes = quick ? 5_000_000 : 50_000_000;
    const rounds = quick ? 1 : 3;
    const corpus = await cachedIngestionCorpus({ seed, targetBytes, cacheRoot });
    const { runs, scaling } = await measure(corpus, rounds);
    const perWorkers = workerCounts.map((n) => summarize(n, runs.get(n)!));
    const mix = Object.entries(corpus.formats)
      .map(([format, entry]) => `${format} ${((100 * entry.bytes) / corpus.bytes).toFixed(0)}%`)
      .join(", ");
    return {
      figures: {
        rounds,
        corpus: { ...corpus, dir: undefined, cacheDir: corpus.dir },
        workers: perWorkers,
        scaling,
      },
      header: ["workers", "MB/s", "wall s", "CPU s/MB", "peak RSS MiB", "chunks (kept/dropped)"],
      rows: perWorkers.map((figure) => [
        String(figure.workers),
        formatSpread(figure.mbPerSecond),
        formatSpread(figure.wallSeconds, 1),
        formatSpread(figure.cpuSecondsPerMB),
        formatSpread(figure.peakRssMiB, 0),
        `${figure.chunks} (${figure.kept}/${figure.dropped})`,
      ]),
      notes: [
        `Corpus: ${(corpus.bytes / 1e6).toFixed(1)} MB in ${corpus.files} files (${mix}), seed ${seed}${corpus.cached ? ", cached" : ""}.`,
        "MB/s = input bytes / wall time from spawn to exit (start-up and model load included); CPU s/MB counts every thread; RSS includes the worker threads.",
        `Scaling 2 vs 1 worker: ${formatSpread(scaling)}x.`,
        ...perWorkers.map(
          (figure) =>
            `CPU s/MB by thread, ${figure.workers} worker(s): main ${formatSpread(figure.threadCpuSecondsPerMB.main)}, workers ${formatSpread(figure.threadCpuSecondsPerMB.workers)}, V8/libuv helpers (GC, compiler) ${formatSpread(figure.threadCpuSecondsPerMB.helpers)}.`,
        ),
        "Goal: >= 5 MB/s on 2 cores, scaling >= 1.7x.",
        ...crossCheck(corpus, perWorkers),
      ],
    };
  },
};
