import { extname } from "node:path";
import { loadCsv } from "./csv.js";
import { loadDocx } from "./docx.js";
import { loadHtml } from "./html.js";
import { loadJson, loadJsonl } from "./json.js";
import { loadMarkdown } from "./markdown.js";
import { loadPdf } from "./pdf.js";
import { loadText } from "./text.js";
import type { Loader, LoaderName } from "./types.js";

/** Loader per format: a missing entry is a compile error. */
export const loaders: Record<LoaderName, Loader> = {
  text: loadText,
  markdown: loadMarkdown,
  html: loadHtml,
  pdf: loadPdf,
  docx: loadDocx,
  csv: loadCsv,
  json: loadJson,
  jsonl: loadJsonl,
};

/** File extension (lower case, with dot) to format. */
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
