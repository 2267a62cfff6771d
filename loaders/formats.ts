import { extname } from "node:path";
import type { LoaderName } from "./types.js";

/**
 * File extension (lower case, with dot) to format. Kept apart from the loaders themselves so that
 * naming a file's format (walking inputs, scheduling) does not import every parser: an ingest run
 * with worker threads never loads a file on its main thread.
 */
export const extensionLoaders: Readonly<Record<string, LoaderName>> = {
  ".txt": "text",
  ".text": "text",
  ".md": "markdown",
  ".markdown": "markdown",
  ".mdx": "markdown",
  ".html": "html",
  ".htm": "html",
  ".pdf": "pdf",
  ".docx": "docx",
  ".csv": "csv",
  ".json": "json",
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
};

/** The format of a path by its extension, or undefined when ingest does not read it. */
export function loaderNameFor(path: string): LoaderName | undefined {
  return extensionLoaders[extname(path).toLowerCase()];
}
