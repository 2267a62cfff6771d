import type { Document } from "@langchain/core/documents";
import { decodeText } from "./decode.js";
import { type DocumentFactory, documentFactory, scalarFields } from "./document.js";
import { LoadError } from "./load-error.js";
import type { Loader, LoaderName } from "./types.js";

/** Field names tried, in order, when no text field is given. */
export const textFieldCandidates = [
  "text",
  "content",
  "page_content",
  "pageContent",
  "body",
  "markdown",
  "article",
  "description",
  "message",
  "summary",
] as const;

/** Read a dot path (`page.body`) from a JSON value. */
function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Find the text of one JSON record: `textField` when given, else the first known text field,
 * else the longest string field. Returns the field used.
 */
export function findText(
  record: unknown,
  textField?: string,
): { text: string; field?: string } | undefined {
  if (typeof record === "string") return { text: record };
  if (record === null || typeof record !== "object" || Array.isArray(record)) return undefined;
  if (textField) {
    const value = readPath(record, textField);
    return typeof value === "string" ? { text: value, field: textField } : undefined;
  }
  const fields = record as Record<string, unknown>;
  for (const field of textFieldCandidates) {
    const value = fields[field];
    if (typeof value === "string" && value.trim() !== "") return { text: value, field };
  }
  let best: { text: string; field: string } | undefined;
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === "string" && value.length > (best?.text.length ?? 0)) {
      best = { text: value, field };
    }
  }
  return best;
}

/** Turn one record into a Document, or a warning naming where it came from. */
function recordToDocument(
  record: unknown,
  where: { key: "record" | "line"; value: number },
  context: {
    source: string;
    textField?: string;
    loader: LoaderName;
    createDocument: DocumentFactory;
  },
): Document | string {
  const found = findText(record, context.textField);
  if (!found || found.text.trim() === "") {
    const wanted = context.textField ? `field "${context.textField}"` : "a text field";
    return `${where.key} ${where.value}: no ${wanted}; skipped`;
  }
  const rest =
    record !== null && typeof record === "object" && !Array.isArray(record)
      ? scalarFields(record as Record<string, unknown>)
      : {};
  if (found.field) delete rest[found.field];
  return context.createDocument(found.text, context.source, context.loader, {
    ...rest,
    [where.key]: where.value,
    ...(found.field ? { textField: found.field } : {}),
  });
}

function collect(items: Array<Document | string>): { documents: Document[]; warnings: string[] } {
  const documents: Document[] = [];
  const warnings: string[] = [];
  for (const item of items) {
    if (typeof item === "string") warnings.push(item);
    else documents.push(item);
  }
  return { documents, warnings };
}

/**
 * Load a `.json` file: an array gives one Document per element, an object or string one Document.
 * Other scalar fields of a record become metadata (they are not scanned).
 *
 * @example
 * const { documents } = await loadJson(bytes, { source: "pages.json", textField: "body" });
 */
export const loadJson: Loader = async (bytes, { source, textField }) => {
  const { text } = decodeText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LoadError("parse_error", `not valid JSON: ${reason}`, error);
  }
  const records = Array.isArray(value) ? value : [value];
  const context = {
    source,
    textField,
    loader: "json" as const,
    createDocument: await documentFactory(),
  };
  return collect(
    records.map((record, index) =>
      recordToDocument(record, { key: "record", value: index + 1 }, context),
    ),
  );
};

/**
 * Load a `.jsonl` file: one Document per line; a line that is not JSON is a warning, not a
 * failure of the whole file.
 *
 * @example
 * const { documents, warnings } = await loadJsonl(bytes, { source: "crawl.jsonl" });
 */
export const loadJsonl: Loader = async (bytes, { source, textField }) => {
  const { text } = decodeText(bytes);
  const context = {
    source,
    textField,
    loader: "jsonl" as const,
    createDocument: await documentFactory(),
  };
  const items: Array<Document | string> = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    try {
      const record: unknown = JSON.parse(line);
      items.push(recordToDocument(record, { key: "line", value: index + 1 }, context));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      items.push(`line ${index + 1}: not valid JSON (${reason}); skipped`);
    }
  }
  const result = collect(items);
  if (result.documents.length === 0 && result.warnings.length > 0) {
    throw new LoadError("parse_error", `no valid JSON lines (${result.warnings[0]})`);
  }
  return result;
};
