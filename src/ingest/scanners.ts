import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { z } from "zod";
import { AppError } from "../common/errors.js";
import type { ScannerConfig } from "../scanners/registry.js";
import { createScanPool } from "../workers/scan-pool.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";
import { createChunkScanTask } from "./scan-chunk.js";
import { chunkSpansSchema } from "./span-capture.js";

/**
 * Scan in this process (`workers: 0`): simplest, one chunk at a time. Rejects at start with a
 * ConfigError when the scanners are invalid.
 */
export async function createInProcessScanner(
  configs: readonly ScannerConfig[],
): Promise<ChunkScanner> {
  const { buildScanners } = await import("../scanners/registry.js");
  const scanChunk = createChunkScanTask((vault) =>
    buildScanners(configs, { vault, source: "scanners" }),
  );
  await scanChunk("ragguard warm-up");
  let queue: Promise<unknown> = Promise.resolve();
  const scanAll = async (texts: readonly string[]): Promise<ChunkScan[]> => {
    const scans: ChunkScan[] = [];
    for (const text of texts) scans.push(await scanChunk(text));
    return scans;
  };
  return {
    mode: "in-process",
    scanBatch(texts) {
      // One batch at a time: scanners are CPU-bound and share the chunk vault handle.
      const result = queue.then(() => scanAll(texts));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {},
  };
}

/** A pool's answer for one chunk, checked where it crosses the thread boundary. */
const chunkScanSchema = z.object({
  sanitized: z.string(),
  valid: z.record(z.string(), z.boolean()),
  scores: z.record(z.string(), z.number()),
  vaultEntries: z.array(z.tuple([z.string(), z.string()])),
  spans: chunkSpansSchema.optional(),
  elapsedMs: z.number().optional(),
});

/** The worker module beside this file: `.ts` when running from sources, `.js` from `dist/`. */
function scanWorkerFile(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./scan-worker${extname(self)}`, import.meta.url));
}

/** Time limit of one chunk's scan on the pool, waiting included; the worker is replaced past it. */
export const chunkScanTimeoutMs = 60_000;

/**
 * Scan on `threads` worker threads of the scan pool (`src/workers`), each running ingest's scan
 * task ({@link scanTask} in `scan-worker.ts`). At most `threads * 16` chunks are handed to the
 * pool at once; the rest wait here. Rejects at start with a ConfigError when the scanners are
 * invalid.
 */
export async function createWorkerScanner(
  configs: readonly ScannerConfig[],
  threads: number,
): Promise<ChunkScanner> {
  const inFlight = threads * 16;
  const pool = createScanPool({
    scanners: configs,
    threads,
    maxQueue: inFlight,
    timeoutMs: chunkScanTimeoutMs,
    source: "scanners",
    workerFile: scanWorkerFile(),
  });
  try {
    // Build the scanners on every thread before the run starts (and surface config errors).
    await pool.warmup();
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  const limit = pLimit(inFlight);
  const scanOne = (text: string): Promise<ChunkScan> =>
    limit(async () => {
      const parsed = chunkScanSchema.safeParse(await pool.scan(text));
      if (!parsed.success) throw new AppError("a scan worker returned an unexpected result");
      return parsed.data;
    });
  return {
    mode: "workers",
    scanBatch: (texts) => Promise.all(texts.map(scanOne)),
    close: () => pool.destroy(),
  };
}
