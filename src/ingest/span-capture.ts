import { z } from "zod";
import { scannerKeys } from "../scan/scan-prompt.js";
import type { Scanner, ScanSpan } from "../scan/scanner.js";

/** Spans per scanner key (`PromptInjection`, `Regex#2`), as offsets into a chunk's sanitized text. */
export const chunkSpansSchema = z.record(
  z.string(),
  z.array(z.object({ start: z.number(), end: z.number(), score: z.number() })),
);
export type ChunkSpans = z.infer<typeof chunkSpansSchema>;

/** Scanners that note the spans they report, and a way to take one chunk's notes. */
export interface SpanCapture {
  scanners: Scanner[];
  /**
   * The spans noted since the last call that still point into `sanitized` (the text the chunk's
   * scan ended with): a scanner's spans are offsets into the text it received, so they are kept
   * only when no later scanner changed that text. Undefined when there are none.
   */
  take(sanitized: string): ChunkSpans | undefined;
}

/**
 * Wrap `scanners` so that the spans each one reports (PromptInjection's planted sentences) are
 * noted for the report. One chunk at a time, as ingest scans.
 *
 * @example
 * const capture = captureSpans(scanners);
 * const [sanitized] = await scanPrompt(capture.scanners, text);
 * const spans = capture.take(sanitized); // { PromptInjection: [{ start, end, score }] }
 */
export function captureSpans(scanners: readonly Scanner[]): SpanCapture {
  const keys = scannerKeys(scanners);
  let noted = new Map<string, { text: string; spans: ScanSpan[] }>();
  const wrapped = scanners.map((scanner, index): Scanner => {
    const key = keys[index]!;
    return {
      name: scanner.name,
      async scan(text, context) {
        const result = await scanner.scan(text, context);
        if (result.spans && result.spans.length > 0) noted.set(key, { text, spans: result.spans });
        return result;
      },
    };
  });
  return {
    scanners: wrapped,
    take(sanitized) {
      const kept = [...noted].filter(([, note]) => note.text === sanitized);
      noted = new Map();
      if (kept.length === 0) return undefined;
      return Object.fromEntries(kept.map(([key, note]) => [key, note.spans]));
    },
  };
}
