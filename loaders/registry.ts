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

export { extensionLoaders, loaderNameFor } from "./formats.js";
