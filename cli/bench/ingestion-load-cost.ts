import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadChunks } from "../../src/ingest/load-chunks.js";
import { cachedIngestionCorpus, corpusFormats } from "./ingestion-corpus.js";
import { ingestBin } from "./processes.js";

/** CPU seconds (user + system, every thread of the process) since `start`. */
function cpuSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

/** What loading and splitting one format of the corpus cost. */
export interface FormatLoadCost {
  format: string;
  files: number;
  bytes: number;
  chunks: number;
  cpuSeconds: number;
}

/**
 * Load and split every file of a bench corpus folder format by format, in this thread, as an
 * ingest worker does (no scanning): the part of ingestion that is not the scanners.
 *
 * @example
 * const costs = await measureLoadCost("/tmp/corpus/files");
 */
export async function measureLoadCost(filesDir: string): Promise<FormatLoadCost[]> {
  const costs: FormatLoadCost[] = [];
  for (const format of Object.keys(corpusFormats)) {
    const dir = join(filesDir, format);
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    const cost: FormatLoadCost = { format, files: 0, bytes: 0, chunks: 0, cpuSeconds: 0 };
    const start = process.cpuUsage();
    for (const name of names) {
      const request = { path: join(dir, name), source: `${format}/${name}` };
      const loaded = await loadChunks(request, { chunkSize: 1000, chunkOverlap: 0 });
      cost.files += 1;
      if (loaded.kind === "loaded") {
        cost.bytes += loaded.bytes;
        cost.chunks += loaded.chunks.length;
      }
    }
    cost.cpuSeconds = cpuSince(start);
    costs.push(cost);
  }
  return costs;
}

/**
 * `node dist/cli/bench/ingestion-load-cost.js [targetBytes]`: load and split the bench's seeded
 * corpus (cached like `bench --only ingestion`; 50 MB by default) and print CPU seconds per MB
 * for each format and in all. The first file of a format pays its loader's import and warm-up.
 */
async function main(): Promise<void> {
  const targetBytes = Number(process.argv[2] ?? 50_000_000);
  const cacheRoot = join(dirname(dirname(ingestBin)), "node_modules", ".cache", "ragguard-bench");
  const corpus = await cachedIngestionCorpus({ seed: 8, targetBytes, cacheRoot });
  const costs = await measureLoadCost(corpus.dir);
  let cpu = 0;
  for (const cost of costs) {
    cpu += cost.cpuSeconds;
    const perMb = cost.bytes > 0 ? cost.cpuSeconds / (cost.bytes / 1e6) : 0;
    process.stdout.write(
      `${cost.format.padEnd(6)} ${String(cost.files).padStart(4)} files ${(cost.bytes / 1e6).toFixed(2).padStart(6)} MB ${String(cost.chunks).padStart(6)} chunks ${cost.cpuSeconds.toFixed(2).padStart(6)} CPU-s ${perMb.toFixed(3)} CPU-s/MB of ${cost.format}\n`,
    );
  }
  process.stdout.write(
    `all    ${corpus.files} files ${(corpus.bytes / 1e6).toFixed(2)} MB: ${cpu.toFixed(2)} CPU-s, ${(cpu / (corpus.bytes / 1e6)).toFixed(3)} CPU-s per corpus MB (load + split, no scanning)\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
