import { extname } from "node:path";
// pdf.ts is imported at once (it is small; pdf-parse itself loads on the first PDF): it snapshots
// the built-ins pdf.js patches, and that snapshot must be taken before any other loader runs.
import { loadPdf } from "./pdf.js";
import type { Loader, LoaderName, LoadResult } from "./types.js";

/**
 * A loader whose module is imported on its first file: a thread that never reads HTML never
 * loads html-to-text (ingest starts one thread per core, and the main thread only walks).
 */
function lazyLoader(importLoader: () => Promise<Loader>): Loader {
  let loader: Promise<Loader> | undefined;
  return async (bytes, context): Promise<LoadResult> => {
    loader ??= importLoader().catch((error: unknown) => {
      loader = undefined;
      throw error;
    });
    return (await loader)(bytes, context);
  };
}

/** Loader per format: a missing entry is a compile error. */
export const loaders: Record<LoaderName, Loader> = {
  text: lazyLoader(async () => (await import("./text.js")).loadText),
  markdown: lazyLoader(async () => (await import("./markdown.js")).loadMarkdown),
  html: lazyLoader(async () => (await import("./html.js")).loadHtml),
  pdf: loadPdf,
  docx: lazyLoader(async () => (await import("./docx.js")).loadDocx),
  csv: lazyLoader(async () => (await import("./csv.js")).loadCsv),
  json: lazyLoader(async () => (await import("./json.js")).loadJson),
  jsonl: lazyLoader(async () => (await import("./json.js")).loadJsonl),
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
