import { Document } from "@langchain/core/documents";
import type { LoaderName } from "./types.js";

/** Builds a Document with the metadata every loader sets (`source`, `loader`) plus `extra`. */
export type DocumentFactory = (
  pageContent: string,
  source: string,
  loader: LoaderName,
  extra?: Record<string, unknown>,
) => Document;

/**
 * The {@link DocumentFactory} of LangChain's `Document`, once its module is loaded.
 *
 * @example
 * const createDocument = await documentFactory();
 * createDocument("text", "a.txt", "text"); // Document { metadata: { source: "a.txt", loader: "text" } }
 */
export async function documentFactory(): Promise<DocumentFactory> {
  return (pageContent, source, loader, extra = {}) =>
    new Document({ pageContent, metadata: { ...extra, source, loader } });
}

/** Keep only JSON-friendly scalar values (strings, finite numbers, booleans) and string lists. */
export function scalarFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "string" || typeof field === "boolean") out[key] = field;
    else if (typeof field === "number" && Number.isFinite(field)) out[key] = field;
    else if (field instanceof Date) out[key] = field.toISOString();
    else if (Array.isArray(field) && field.every((item) => typeof item === "string")) {
      out[key] = field;
    }
  }
  return out;
}
