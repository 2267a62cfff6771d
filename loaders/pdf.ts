import { createDocument } from "./document.js";
import { LoadError } from "./load-error.js";
import { snapshotBuiltins } from "./native-builtins.js";
import type { Loader } from "./types.js";

/** Taken before pdf-parse is first imported, so its polyfills can be undone (see native-builtins). */
const restoreBuiltins = snapshotBuiltins();

/** pdf-parse, imported on the first PDF: threads that never read one never load pdf.js. */
async function importPdfParse(): Promise<typeof import("pdf-parse")> {
  try {
    return await import("pdf-parse");
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
