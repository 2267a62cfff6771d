import { z } from "zod";
import type { Scanner, ScanResult, ScanSpan } from "../src/scan/scanner.js";

/** What GuardFilter does with a chunk PromptInjection finds invalid. */
export const onInjectionSchema = z.enum(["drop", "redact"]);
export type OnInjection = z.infer<typeof onInjectionSchema>;

/** The text that replaces a planted instruction in `redact` mode. */
export const injectionMarker = "[REDACTED PROMPT INJECTION]";

/** Replace each span of `text` with the marker (spans sorted, not overlapping). */
export function redactSpans(text: string, spans: readonly ScanSpan[]): string {
  let out = "";
  let from = 0;
  for (const span of [...spans].sort((left, right) => left.start - right.start)) {
    if (span.start < from) continue;
    out += `${text.slice(from, span.start)}${injectionMarker}`;
    from = span.end;
  }
  return out + text.slice(from);
}

/** A redaction made in one chunk: the spans of the text PromptInjection received, and its score. */
export interface InjectionRedaction {
  scanner: string;
  score: number;
  spans: ScanSpan[];
}

/**
 * Wrap the PromptInjection scanners of a list so that an invalid result with spans comes back
 * valid, with the spans replaced by {@link injectionMarker}; each such redaction is pushed to
 * `redactions`. An invalid result without spans (a detector that cannot locate) stays invalid,
 * so the chunk is still dropped.
 */
export function redactingScanners(
  scanners: readonly Scanner[],
  redactions: InjectionRedaction[],
): Scanner[] {
  return scanners.map((scanner) => {
    if (scanner.name !== "PromptInjection") return scanner;
    return {
      name: scanner.name,
      async scan(text, context): Promise<ScanResult> {
        const result = await scanner.scan(text, context);
        const spans = result.spans ?? [];
        if (result.valid || spans.length === 0) return result;
        redactions.push({ scanner: scanner.name, score: result.score, spans });
        return { ...result, sanitized: redactSpans(result.sanitized, spans), valid: true };
      },
    };
  });
}
