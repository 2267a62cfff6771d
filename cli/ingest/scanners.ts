import pLimit from "p-limit";
import { z } from "zod";
import { RemoteGuardFilter } from "../../filters/remote-guard-filter.js";
import { AppError } from "../../src/common/errors.js";
import { buildScanners, type ScannerConfig } from "../../src/scanners/registry.js";
import { type ChunkScan, type ChunkScanner, chunkScanSchema } from "./chunk-scanner.js";
import { createIngestPool } from "./ingest-pool.js";
import { fileLoadSchema, type LoadSettings } from "./load-chunks.js";
import { createChunkScanTask } from "./scan-chunk.js";

/**
 * Scan in this process (`--workers 0`): simplest, one chunk at a time. Rejects at start with a
 * ConfigError when the scanners are invalid.
 */
export async function createInProcessScanner(
  configs: readonly ScannerConfig[],
): Promise<ChunkScanner> {
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

const chunkScansSchema = z.array(chunkScanSchema);

/**
 * Load and scan on `threads` ingest worker threads: each file is read, parsed and split on a
 * worker, and its chunks are scanned in batches (one message per batch), a few batches queued per
 * thread. Rejects at start with a ConfigError when the scanners are invalid.
 */
export async function createWorkerScanner(
  configs: readonly ScannerConfig[],
  load: LoadSettings,
  threads: number,
  timeoutMs = 120_000,
): Promise<ChunkScanner> {
  const pool = createIngestPool({ scanners: configs, load, threads, timeoutMs });
  try {
    // Build the scanners on every thread before the run starts (and surface config errors).
    await Promise.all(
      Array.from({ length: threads }, () =>
        pool.run({ kind: "scan", texts: ["ragguard warm-up"] }),
      ),
    );
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  const limit = pLimit(threads * 2);
  return {
    mode: "workers",
    scanBatch: (texts) =>
      limit(async () => {
        const output = await pool.run({ kind: "scan", texts: [...texts] });
        const parsed = output.kind === "scan" ? chunkScansSchema.safeParse(output.scans) : null;
        if (!parsed?.success || parsed.data.length !== texts.length) {
          throw new AppError("an ingest worker returned an unexpected scan result");
        }
        return parsed.data;
      }),
    async loadFile(request) {
      const output = await pool.run({ kind: "load", request });
      const parsed = output.kind === "load" ? fileLoadSchema.safeParse(output.load) : null;
      if (!parsed?.success) throw new AppError("an ingest worker returned an unexpected load");
      return parsed.data;
    },
    close: () => pool.destroy(),
  };
}

/** Scan through a guard API (`--guard-url`); placeholders are numbered per request by the API. */
export function createRemoteScanner(
  url: string,
  token: string | undefined,
  concurrency: number,
  ignoreInvalid: readonly string[],
): ChunkScanner {
  const filter = new RemoteGuardFilter({
    url,
    ...(token ? { token } : {}),
    concurrency,
    ignoreInvalid,
  });
  const limit = pLimit(concurrency);
  const scanOne = (text: string): Promise<ChunkScan> =>
    limit(async () => {
      if (text.trim() === "") return { sanitized: text, valid: {}, scores: {}, vaultEntries: [] };
      return { ...(await filter.scan(text)), vaultEntries: [] };
    });
  return {
    mode: "remote",
    scanBatch: (texts) => Promise.all(texts.map(scanOne)),
    async close() {},
  };
}
