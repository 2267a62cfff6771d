import type { GuardVault } from "./guard-client.js";
import type { GuardSource } from "./guard-field-rules.js";
import type { GuardSegment } from "./guard-fields.js";

/**
 * Between two texts of one guard call. A visible symbol (U+241E) between blank lines: scanners
 * neither remove it (it is not invisible) nor redact it, so the sanitized text splits back.
 */
export const segmentSeparator = "\n\n\u241e\n\n";

/** The texts of one source, sent to the guard as one prompt. */
export interface SegmentBatch {
  readonly source: GuardSource;
  readonly segments: readonly GuardSegment[];
  readonly text: string;
}

/** Group segments by source (prompt, then documents, then tool output), in request order. */
export function batchSegments(segments: readonly GuardSegment[]): SegmentBatch[] {
  const bySource = new Map<GuardSource, GuardSegment[]>();
  for (const segment of segments) {
    const list = bySource.get(segment.source) ?? [];
    list.push(segment);
    bySource.set(segment.source, list);
  }
  return [...bySource].map(([source, list]) => ({
    source,
    segments: list,
    text: list.map((segment) => segment.text).join(segmentSeparator),
  }));
}

/**
 * Write a batch's sanitized text back into its segments. Returns false (and writes nothing) when
 * the sanitized text no longer splits into one part per segment (a segment held the separator).
 */
export function writeBack(batch: SegmentBatch, sanitized: string): boolean {
  const parts = sanitized.split(segmentSeparator);
  if (parts.length !== batch.segments.length) return false;
  batch.segments.forEach((segment, index) => {
    const part = parts[index] as string;
    if (part !== segment.text) segment.replace(part);
  });
  return true;
}

/**
 * Add `next` to the request's vault. A placeholder already used for another original (two guard
 * calls both made `[REDACTED_PERSON_1]`) is renamed in `text`; returns the text to forward.
 */
export function mergeVault(vault: Map<string, string>, next: GuardVault, text: string): string {
  let result = text;
  for (const [placeholder, original] of next) {
    const known = vault.get(placeholder);
    if (known === undefined || known === original) {
      vault.set(placeholder, original);
      continue;
    }
    let renamed = placeholder;
    for (let n = 2; vault.has(renamed); n += 1) renamed = placeholder.replace(/\]?$/, `_${n}]`);
    result = result.split(placeholder).join(renamed);
    vault.set(renamed, original);
  }
  return result;
}
