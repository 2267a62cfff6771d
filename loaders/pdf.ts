import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { createDocument } from "./document.js";
import { LoadError } from "./load-error.js";
import { snapshotBuiltins } from "./native-builtins.js";
import type { Loader } from "./types.js";

/** Taken before pdf-parse is first imported, so its polyfills can be undone (see native-builtins). */
const restoreBuiltins = snapshotBuiltins();

/**
 * pdf.js's worker module as pdf-parse resolves it. In Node pdf.js runs its "worker" in the calling
 * thread and imports this module on the first parse; it bundles its own core-js.
 */
function pdfWorkerUrl(): string {
  const pdfParse = createRequire(import.meta.url).resolve("pdf-parse");
  return pathToFileURL(createRequire(pdfParse).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"))
    .href;
}

/**
 * pdf-parse and pdf.js's worker module, imported on the first PDF: threads that never read one never
 * load pdf.js. Importing the worker module here (it registers itself as `globalThis.pdfjsWorker`,
 * which pdf.js then uses instead of importing it) lets the built-ins its core-js replaces be put
 * back before the first parse, so pdf.js parses with the native `push` and `JSON.parse` too
 * (~10-20% less CPU per PDF than restoring only after each parse).
 */
export async function importPdfParse(): Promise<typeof import("pdf-parse")> {
  try {
    const pdfParse = await import("pdf-parse");
    await import(pdfWorkerUrl());
    return pdfParse;
  } finally {
    restoreBuiltins();
  }
}

/**
 * Load a PDF with pdf-parse 2: one Document per page with `metadata.page` (1-based) and
 * `metadata.pages`. Pages without text are skipped; a PDF with no text at all is an error
 * (scanned images need OCR first). The built-ins pdf.js patches are put back after each parse.
 *
 * @example
 * const { documents } = await loadPdf(await readFile("manual.pdf"), { source: "manual.pdf" });
 */
export const loadPdf: Loader = async (bytes, { source }) => {
  const { PDFParse } = await importPdfParse();
  const parser = new PDFParse({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const result = await parser.getText({ pageJoiner: "" });
    const documents = result.pages
      .filter((page) => page.text.trim() !== "")
      .map((page) =>
        createDocument(page.text, source, "pdf", { page: page.num, pages: result.total }),
      );
    if (documents.length === 0) {
      throw new LoadError("empty", `no extractable text in ${result.total} page(s) (scanned PDF?)`);
    }
    return { documents, warnings: [] };
  } catch (error) {
    if (error instanceof LoadError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new LoadError("parse_error", `not a readable PDF: ${reason}`, error);
  } finally {
    await parser.destroy();
    restoreBuiltins();
  }
};
