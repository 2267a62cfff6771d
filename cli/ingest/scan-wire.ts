import type { ChunkScan } from "./chunk-scanner.js";

/**
 * A chunk's scan as it crosses from an ingest worker to the main thread: `sanitized` is `null`
 * when it is the chunk's own text (no scanner changed it, most chunks), so a file's text crosses
 * the thread boundary once instead of twice (cloning, then copying the second string through
 * every scavenge of the main thread until the file is written).
 */
export type WireChunkScan = Omit<ChunkScan, "sanitized"> & { sanitized: string | null };

/**
 * The wire form of `scan`, the scan of `text`.
 *
 * @example
 * toWireScan("hi", { sanitized: "hi", valid: {}, scores: {}, vaultEntries: [] }).sanitized; // null
 */
export function toWireScan(text: string, scan: ChunkScan): WireChunkScan {
  const { sanitized, valid, scores, vaultEntries } = scan;
  return { sanitized: sanitized === text ? null : sanitized, valid, scores, vaultEntries };
}

/**
 * The scans of `texts` back from their wire form ({@link toWireScan}), in the same order.
 *
 * @example
 * fromWireScans(["hi"], [{ sanitized: null, valid: {}, scores: {}, vaultEntries: [] }])[0].sanitized; // "hi"
 */
export function fromWireScans(
  texts: readonly string[],
  scans: readonly WireChunkScan[],
): ChunkScan[] {
  return scans.map(({ sanitized, valid, scores, vaultEntries }, index) => ({
    sanitized: sanitized ?? texts[index] ?? "",
    valid,
    scores,
    vaultEntries,
  }));
}
