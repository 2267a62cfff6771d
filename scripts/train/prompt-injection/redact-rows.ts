import { piiEntityTypes } from "../../../src/detectors/pii/entity-types.js";
import { findPii, type PiiResources } from "../../../src/detectors/pii/find-pii.js";
import type { Random } from "../lib/random.js";
import type { CorpusRow } from "./corpus.js";

/** How a placeholder is written: Anonymize's `[REDACTED_PERSON_1]` mostly, Presidio's `<PERSON>` too. */
function placeholderFor(type: string, number: number, random: Random): string {
  return random.chance(0.8) ? `[REDACTED_${type}_${number}]` : `<${type}>`;
}

/**
 * `row` as Anonymize would pass it on: each personal value (found by the PII detector Anonymize
 * uses) replaced by a placeholder, the planted span moved with the text. Rows without personal
 * data come back as they are.
 */
export function redactRow(row: CorpusRow, resources: PiiResources, random: Random): CorpusRow {
  const matches = findPii(row.text, piiEntityTypes, resources, 0.5);
  if (matches.length === 0) return row;
  const numbers = new Map<string, number>();
  const counts = new Map<string, number>();
  let text = "";
  let cursor = 0;
  const span = row.span === undefined ? undefined : ([...row.span] as [number, number]);
  for (const match of matches) {
    let number = numbers.get(match.text);
    if (number === undefined) {
      number = (counts.get(match.type) ?? 0) + 1;
      counts.set(match.type, number);
      numbers.set(match.text, number);
    }
    const replacement = placeholderFor(match.type, number, random);
    text += row.text.slice(cursor, match.start);
    if (span !== undefined && row.span !== undefined) {
      // Offsets after the match move by the length change; offsets inside it go to its edges.
      const shift = replacement.length - (match.end - match.start);
      const [start, end] = row.span;
      if (match.end <= start) span[0] += shift;
      else if (match.start < start) span[0] = text.length;
      if (match.end <= end) span[1] += shift;
      else if (match.start < end) span[1] = text.length + replacement.length;
    }
    text += replacement;
    cursor = match.end;
  }
  text += row.text.slice(cursor);
  return { ...row, text, ...(span === undefined ? {} : { span }) };
}

/** `rows` with a share of those holding personal data redacted as {@link redactRow} does. */
export function redactShare(
  rows: readonly CorpusRow[],
  share: number,
  resources: PiiResources,
  random: Random,
): CorpusRow[] {
  return rows.map((row) => (random.chance(share) ? redactRow(row, resources, random) : row));
}
