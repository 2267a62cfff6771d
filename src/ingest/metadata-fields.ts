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

/** Call `visit` with every key and string value of a chunk's file-supplied metadata. */
function eachFieldText(metadata: Record<string, unknown>, visit: (text: string) => void): void {
  const walk = (fields: Record<string, unknown>, top: boolean): void => {
    for (const [key, value] of Object.entries(fields)) {
      if (top && ownMetadataKeys.has(key)) continue;
      visit(key);
      if (typeof value === "string") {
        visit(value);
      } else if (Array.isArray(value)) {
        for (const item of value) if (typeof item === "string") visit(item);
      } else if (top && nestedKeys.has(key) && isRecord(value)) {
        walk(value, false);
      }
    }
  };
  walk(metadata, true);
}

/** The distinct texts (keys and string values) of a file's chunks' file-supplied metadata. */
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
  const judge = (text: string): { ok: boolean; text: string } => {
    const scan = scans.get(text);
    if (!scan) return { ok: true, text };
    if (failedScanners(scan.valid, ignoreInvalid).length > 0) return { ok: false, text };
    return { ok: true, text: scan.sanitized === text ? text : sanitize(scan) };
  };
  const cleanKey = (key: string): boolean => {
    const scan = scans.get(key);
    return !scan || Object.values(scan.valid).every(Boolean);
  };
  const walk = (fields: Record<string, unknown>, prefix: string, top: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      const path = `${prefix}${key}`;
      if (top && ownMetadataKeys.has(key)) {
        out[key] = value;
        continue;
      }
      if (!cleanKey(key)) {
        dropped.push(path);
        continue;
      }
      const strings = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
      const judged = strings.map((item) =>
        typeof item === "string" ? judge(item) : { ok: true, text: item },
      );
      if (judged.some((item) => !item.ok)) {
        dropped.push(path);
        continue;
      }
      if (judged.some((item, index) => item.text !== strings[index])) redacted.push(path);
      if (typeof value === "string") out[key] = judged[0]!.text;
      else if (Array.isArray(value)) out[key] = judged.map((item) => item.text);
      else if (top && nestedKeys.has(key) && isRecord(value))
        out[key] = walk(value, `${path}.`, false);
      else out[key] = value;
    }
    return out;
  };
  return { metadata: walk(metadata, "", true), dropped, redacted };
}
