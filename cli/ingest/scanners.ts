import pLimit from "p-limit";
import { z } from "zod";
import { AppError } from "../../src/common/errors.js";
import type { ScannerConfig } from "../../src/scanners/registry.js";
import { portChunkSource } from "./chunk-port.js";
import {
  type ChunkScan,
  type ChunkScanner,
  type FileOutcome,
  inlineChunkLimit,
  loadedHeaderSchema,
} from "./chunk-scanner.js";
import { createIngestPool } from "./ingest-pool.js";
import {
  type ChunkRecord,
  type LoadSettings,
  skippedLoadSchema,
  unchangedLoadSchema,
} from "./load-schemas.js";
import { createChunkScanTask } from "./scan-chunk.js";

/**
 * Scan in this process (`--workers 0`): simplest, one chunk at a time. Rejects at start with a
 * ConfigError when the scanners are invalid.
 */
export async function createInProcessScanner(
  configs: readonly ScannerConfig[],
): Promise<ChunkScanner> {
  // Imported here: a run with worker threads never builds scanners on its main thread, and the
  // detector modules cost ~0.25 CPU-s to load before the workers could start.
  const { buildScanners } = await import("../../src/scanners/registry.js");
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
      // One batch at a time: scanners are CPU-bound and share the task vault handle.
      const result = queue.then(() => scanAll(texts));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {},
  };
}

/** An array that crossed from a worker; its elements are our own worker's output, not re-parsed. */
const arrayOf = <T>() => z.custom<T[]>((value) => Array.isArray(value));

/** A worker's answer to a file task, checked where it crosses the thread boundary. */
const workerFileOutcomeSchema = z.discriminatedUnion("kind", [
  unchangedLoadSchema,
  skippedLoadSchema,
  z.object({
    kind: z.literal("scanned"),
    header: loadedHeaderSchema,
    chunks: arrayOf<ChunkRecord>(),
    scans: arrayOf<ChunkScan>(),
  }),
  z.object({ kind: z.literal("scan_failed"), header: loadedHeaderSchema, message: z.string() }),
  z.object({ kind: z.literal("held"), header: loadedHeaderSchema }),
]);

const unexpected = (what: string) =>
  new AppError(`an ingest worker returned an unexpected ${what}`);

/**
 * Load and scan on `threads` ingest worker threads: each file is read, parsed and split on a
 * worker; a file of up to `inlineChunks` chunks is scanned there too and crosses to the main thread
 * once, with its scans; a larger one stays on its worker, read and scanned a window at a time in
 * batches (one message each way per batch) on every worker. Rejects at start with a ConfigError
 * when the scanners are invalid. PDFs are loaded on the first `pdfThreads` workers only (see
 * `createIngestPool`).
 */
export async function createWorkerScanner(
  configs: readonly ScannerConfig[],
  load: LoadSettings,
  threads: number,
  {
    timeoutMs = 120_000,
    inlineChunks = inlineChunkLimit,
    pdfThreads = 0,
  }: { timeoutMs?: number; inlineChunks?: number; pdfThreads?: number } = {},
): Promise<ChunkScanner> {
  const pool = createIngestPool({ scanners: configs, load, threads, timeoutMs, pdfThreads });
  try {
    // Build the scanners on every thread before the run starts (and surface config errors).
    await pool.warmUp();
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  const limit = pLimit(threads * 2);
  return {
    mode: "workers",
    scanBatch: (texts) =>
      limit(async () => {
        const scans = await pool.scan([...texts]);
        if (!Array.isArray(scans) || scans.length !== texts.length) throw unexpected("scan result");
        return scans;
      }),
    async processFile(request): Promise<FileOutcome> {
      const { outcome, port } = await pool.processFile(request, inlineChunks);
      const parsed = workerFileOutcomeSchema.safeParse(outcome);
      if (!parsed.success) {
        port.close();
        throw unexpected("file result");
      }
      const result = parsed.data;
      if (result.kind === "held") {
        return { kind: "held", header: result.header, source: portChunkSource(port) };
      }
      if (result.kind !== "scanned") return result;
      const { header, chunks, scans } = result;
      if (chunks.length !== header.chunks || scans.length !== header.chunks) {
        throw unexpected("file result");
      }
      return { kind: "scanned", header, batch: { chunks, scans } };
    },
    close: () => pool.destroy(),
  };
}
