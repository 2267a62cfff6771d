import { documentFactory } from "./document.js";
import { LoadError } from "./load-error.js";
import type { Loader } from "./types.js";

/**
 * Load a PDF with pdf-parse 2: one Document per page with `metadata.page` (1-based) and
 * `metadata.pages`. Pages without text are skipped; a PDF with no text at all is an error
 * (scanned images need OCR first). Fonts are never compiled to JavaScript
 * (`isEvalSupported: false`): text extraction does not draw glyphs, and a hostile PDF gets no
 * code generated from it.
 *
 * @example
 * const { documents } = await loadPdf(await readFile("manual.pdf"), { source: "manual.pdf" });
 */
export const loadPdf: Loader = async (bytes, { source }) => {
  const createDocument = await documentFactory();
  // Imported on the first PDF: a run without PDFs never loads pdf.js.
  const { PDFParse } = await import("pdf-parse");
  const parser = new PDFParse({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
  });
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
  }
};
