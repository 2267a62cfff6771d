import { failedScanners } from "../scan/is-valid.js";
import type { ChunkScan } from "./chunk-scanner.js";

/**
 * Metadata keys that ragguard's loaders and splitter set themselves; every other key (JSON/JSONL
 * record fields, Markdown front matter, CSV columns) came from the file and is scanned like text.
 */
export const ownMetadataKeys: ReadonlySet<string> = new Set([
  "source",
  "loader",
  "encoding",
  "page",
  "pages",
  "record",
  "line",
  "row",
  "textField",
  "loc",
  "chunk",
]);

/** Keys whose value is an object of file fields (front matter, CSV columns): scanned inside. */
const nestedKeys: ReadonlySet<string> = new Set(["frontMatter", "fields"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The texts scanned for one field: `key: value` for a string, `key: item` for each item of a
 * list, `key: value` for a number or boolean (the key alone may carry text). The key gives the
 * detectors the context a lone word lacks (a classifier may call "Garden" toxic, not "title: Garden").
 */
function fieldTexts(key: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => `${key}: ${String(item)}`);
  if (isRecord(value)) return [];
  return [`${key}: ${String(value)}`];
}

/** Call `visit` with the texts of every file-supplied field of a chunk's metadata. */
function eachFieldText(metadata: Record<string, unknown>, visit: (text: string) => void): void {
  for (const [key, value] of Object.entries(metadata)) {
    if (ownMetadataKeys.has(key)) continue;
    if (nestedKeys.has(key) && isRecord(value)) {
      for (const [inner, field] of Object.entries(value)) fieldTexts(inner, field).forEach(visit);
    } else {
      fieldTexts(key, value).forEach(visit);
    }
  }
}

/** The distinct texts of a file's chunks' file-supplied metadata fields (see {@link fieldTexts}). */
export function collectFieldTexts(chunks: ReadonlyArray<{ metadata: Record<string, unknown> }>) {
  const texts = new Set<string>();
  for (const chunk of chunks) eachFieldText(chunk.metadata, (text) => texts.add(text));
  return [...texts];
}

/** A chunk's metadata after its file-supplied fields were judged. */
export interface GuardedMetadata {
  metadata: Record<string, unknown>;
  /** Dotted paths of fields removed: a scanner outside `ignoreInvalid` found the key or value invalid. */
  dropped: string[];
  /** Dotted paths of fields whose value was sanitized (PII, secrets, invisible text). */
  redacted: string[];
}

/**
 * Judge a chunk's file-supplied metadata with the scans of its texts: a field whose key is not
 * clean, or whose value (or any item of a string list) a scanner outside `ignoreInvalid` finds
 * invalid, is dropped; otherwise string values become their sanitized text (`sanitize` numbers
 * the redactions into the run's vault). Numbers and booleans are kept; key order is kept.
 */
export function guardMetadata(
  metadata: Record<string, unknown>,
  scans: ReadonlyMap<string, ChunkScan>,
  ignoreInvalid: readonly string[],
  sanitize: (scan: ChunkScan) => string,
): GuardedMetadata {
  const dropped: string[] = [];
  const redacted: string[] = [];
  if (scans.size === 0) return { metadata, dropped, redacted };
  /** The field's values after scanning, or undefined when it must be dropped. */
  const judgeField = (key: string, value: unknown): unknown[] | undefined => {
    const values = Array.isArray(value) ? value : [value];
    const prefix = `${key}: `;
    const out: unknown[] = [];
    for (const [index, text] of fieldTexts(key, value).entries()) {
      const scan = scans.get(text);
      if (!scan) return undefined;
      if (failedScanners(scan.valid, ignoreInvalid).length > 0) return undefined;
      if (scan.sanitized === text) {
        out.push(values[index]);
        continue;
      }
      const sanitized = sanitize(scan);
      // A redaction that reached into the key: the field cannot be kept as it was named.
      if (!sanitized.startsWith(prefix)) return undefined;
      out.push(sanitized.slice(prefix.length));
    }
    return out;
  };
  const walk = (fields: Record<string, unknown>, prefix: string, top: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (top && ownMetadataKeys.has(key)) {
        out[key] = value;
        continue;
      }
      const path = `${prefix}${/^[\w.-]{1,64}$/.test(key) ? key : "(an unusual key)"}`;
      if (top && nestedKeys.has(key) && isRecord(value)) {
        out[key] = walk(value, `${path}.`, false);
        continue;
      }
      const judged = judgeField(key, value);
      if (judged === undefined) {
        dropped.push(path);
        continue;
      }
      const values = Array.isArray(value) ? value : [value];
      if (judged.some((item, index) => item !== values[index])) redacted.push(path);
      out[key] = Array.isArray(value) ? judged : judged[0];
    }
    return out;
  };
  return { metadata: walk(metadata, "", true), dropped, redacted };
}
