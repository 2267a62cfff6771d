import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { RemoteGuardFilter } from "../../filters/remote-guard-filter.js";
import { AppError } from "../../src/common/errors.js";
import { buildScanners, type ScannerConfig } from "../../src/scanners/registry.js";
import { createScanPool } from "../../src/workers/scan-pool.js";
import { type ChunkScanner, chunkScanSchema } from "./chunk-scanner.js";
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
  return {
    mode: "in-process",
    scan(text) {
      // One at a time: scanners are CPU-bound and share the task vault handle.
      const result = queue.then(() => scanChunk(text));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {},
  };
}

function workerFile(): string {
  const self = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`./scan-worker${extname(self)}`, import.meta.url));
}

/**
 * Scan on `threads` worker threads through the shared scan pool (`src/workers`), with at most a
 * few chunks queued per thread. Rejects at start with a ConfigError when the scanners are invalid.
 */
export async function createWorkerScanner(
  configs: readonly ScannerConfig[],
  threads: number,
  timeoutMs = 120_000,
): Promise<ChunkScanner> {
  const pool = createScanPool({
    scanners: configs.map((config) => ({ type: config.type, params: config.params ?? {} })),
    threads,
    timeoutMs,
    maxQueue: threads * 8,
    workerFile: workerFile(),
  });
  try {
    await pool.warmup();
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  const limit = pLimit(threads * 4);
  return {
    mode: "workers",
    scan: (text) =>
      limit(async () => {
        const outcome: unknown = await pool.scan(text, { mode: "analyze" });
        const parsed = chunkScanSchema.safeParse(outcome);
        if (!parsed.success) throw new AppError("scan worker returned an unexpected result");
        return parsed.data;
      }),
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
  return {
    mode: "remote",
    scan: (text) =>
      limit(async () => {
        if (text.trim() === "") return { sanitized: text, valid: {}, scores: {}, vaultEntries: [] };
        return { ...(await filter.scan(text)), vaultEntries: [] };
      }),
    async close() {},
  };
}
