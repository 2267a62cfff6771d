import { performance } from "node:perf_hooks";
import pLimit from "p-limit";
import { RemoteGuardFilter } from "../../filters/remote-guard-filter.js";
import type { ChunkScan, ChunkScanner } from "./chunk-scanner.js";
import { IngestUnusableError } from "./errors.js";

/**
 * Scan through a guard API (`guardUrl`); placeholders are numbered per request by the API. One
 * scan is tried first: a guard API that refuses the token or cannot be reached makes the run
 * unusable ({@link IngestUnusableError}) before any file is read.
 */
export async function createRemoteScanner(options: {
  url: string;
  token?: string | undefined;
  concurrency: number;
  ignoreInvalid: readonly string[];
}): Promise<ChunkScanner> {
  const { url, token, concurrency, ignoreInvalid } = options;
  const filter = new RemoteGuardFilter({
    url,
    ...(token ? { token } : {}),
    concurrency,
    ignoreInvalid,
  });
  try {
    await filter.scan("ragguard warm-up");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IngestUnusableError(`the guard API at ${url} cannot be used: ${reason}`, {
      cause: error,
    });
  }
  const limit = pLimit(concurrency);
  const scanOne = (text: string): Promise<ChunkScan> =>
    limit(async () => {
      if (text.trim() === "") return { sanitized: text, valid: {}, scores: {}, vaultEntries: [] };
      const started = performance.now();
      const scan = await filter.scan(text);
      return { ...scan, vaultEntries: [], elapsedMs: performance.now() - started };
    });
  return {
    mode: "remote",
    scanBatch: (texts) => Promise.all(texts.map(scanOne)),
    async close() {},
  };
}
