import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Document as LangChainDocument } from "@langchain/core/documents";
import type { LoaderName } from "./types.js";

type DocumentClass = typeof LangChainDocument;

/**
 * LangChain's `Document` class, imported from its own module next to `@langchain/core/documents`'
 * entry: that entry also exports the document transformers, whose import pulls in LangChain's
 * runnables (~0.15-0.2 CPU-s in each ingest worker, for one 20-line class). The entry itself is
 * imported when that layout is not found, so the class is always the one users import.
 */
async function importDocumentClass(): Promise<DocumentClass> {
  // The CommonJS entry sits beside the ES module one (index.cjs, index.js, document.js).
  const entry = createRequire(import.meta.url).resolve("@langchain/core/documents");
  const own = entry.replace(/\/documents\/index\.cjs$/, "/documents/document.js");
  if (own !== entry) {
    try {
      const module = (await import(pathToFileURL(own).href)) as { Document?: unknown };
      if (typeof module.Document === "function") return module.Document as DocumentClass;
    } catch {
      // Another layout: take the entry below.
    }
  }
  return (await import("@langchain/core/documents")).Document;
}

/**
 * The class, imported when this module loads; loaders await it through {@link documentFactory}
 * (a top-level `await` here stops tsx from loading ingest workers from the TypeScript sources).
 */
const documentClass: Promise<DocumentClass> = importDocumentClass();

/** Builds a Document with the metadata every loader sets (`source`, `loader`) plus `extra`. */
export type DocumentFactory = (
  pageContent: string,
  source: string,
  loader: LoaderName,
  extra?: Record<string, unknown>,
) => LangChainDocument;

/**
 * The {@link DocumentFactory} of LangChain's `Document`, once its module is loaded.
 *
 * @example
 * const createDocument = await documentFactory();
 * createDocument("text", "a.txt", "text"); // Document { metadata: { source: "a.txt", loader: "text" } }
 */
export async function documentFactory(): Promise<DocumentFactory> {
  const Document = await documentClass;
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
