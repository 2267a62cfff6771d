import { performance } from "node:perf_hooks";
import { silentLogger } from "../common/logger.js";
import { scanPrompt } from "../scan/scan-prompt.js";
import type { Scanner } from "../scan/scanner.js";
import type { Vault } from "../scanners/vault.js";
import type { ChunkScan } from "./chunk-scanner.js";
import { createChunkVault } from "./chunk-vault.js";
import { captureSpans, type SpanCapture } from "./span-capture.js";

/** Builds the scanners of a run with the vault handle they must use. */
export type BuildScanners = (vault: Vault) => Scanner[] | Promise<Scanner[]>;

/**
 * Make the function that scans one chunk: scanners are built once, each chunk runs with a fresh
 * vault behind them (so chunks on different threads never share state), and the chunk's
 * redactions come back with the result for the run's vault to adopt, with the spans the scanners
 * reported (for the report) and the scan's time. Chunks must be scanned one at a time (await
 * each before the next), as ingest's workers and `--workers 0` do.
 *
 * @example
 * const scanChunk = createChunkScanTask((vault) => buildScanners(configs, { vault }));
 * const { sanitized, vaultEntries } = await scanChunk("Mail jane@example.com");
 */
export function createChunkScanTask(build: BuildScanners): (text: string) => Promise<ChunkScan> {
  const chunkVault = createChunkVault();
  let capture: Promise<SpanCapture> | undefined;
  return async (text) => {
    capture ??= Promise.resolve(build(chunkVault.vault)).then(captureSpans);
    const { scanners, take } = await capture;
    const started = performance.now();
    return chunkVault.run(async (vault) => {
      const [sanitized, valid, scores] = await scanPrompt(scanners, text, { logger: silentLogger });
      const spans = take(sanitized);
      const elapsedMs = performance.now() - started;
      return {
        sanitized,
        valid,
        scores,
        vaultEntries: vault.get(),
        elapsedMs,
        ...(spans && { spans }),
      };
    });
  };
}
