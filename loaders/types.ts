import type { Document } from "@langchain/core/documents";

/** What a loader knows about the file it reads. */
export interface LoaderContext {
  /** Path relative to the input root, with `/` separators; becomes `metadata.source`. */
  source: string;
  /** JSON/JSONL field (dot path) or CSV column holding the text; detected when absent. */
  textField?: string;
}

/** Documents read from one file, plus problems that did not stop the load (bad JSONL lines, ...). */
export interface LoadResult {
  documents: Document[];
  warnings: string[];
}

/** Reads the bytes of one file into LangChain documents. */
export type Loader = (bytes: Buffer, context: LoaderContext) => Promise<LoadResult>;

/** The formats ingest understands, as `as const` list with a derived union. */
export const loaderNames = [
  "text",
  "markdown",
  "html",
  "pdf",
  "docx",
  "csv",
  "json",
  "jsonl",
] as const;
export type LoaderName = (typeof loaderNames)[number];
