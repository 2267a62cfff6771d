import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { LoadParameters } from "pdf-parse";
import { documentFactory } from "./document.js";
import { LoadError } from "./load-error.js";
import { snapshotBuiltins } from "./native-builtins.js";
import { InThreadPort } from "./pdf-port.js";
import type { Loader } from "./types.js";

/** Taken before pdf-parse is first imported, so its polyfills can be undone (see native-builtins). */
const restoreBuiltins = snapshotBuiltins();

type PdfWorker = NonNullable<LoadParameters["worker"]>;

/** The parts of pdf.js's API module used here (pdf-parse imports the same module). */
interface PdfjsApiModule {
  PDFWorker?: new (params: { port: InThreadPort; verbosity: number }) => PdfWorker;
}

/** The part of pdf.js's worker module used here. */
interface PdfjsWorkerModule {
  WorkerMessageHandler?: { initializeFromPort?: (port: InThreadPort) => void };
}

/** What loading a PDF needs: pdf-parse, and a way to start pdf.js's worker side in this thread. */
export interface PdfRuntime {
  PDFParse: typeof import("pdf-parse").PDFParse;
  /**
   * Start pdf.js's worker side listening on `port` and return the API-side `PDFWorker` to pass to
   * a parse; `undefined` when this pdf.js lacks either entry point (pdf.js then sets up its own).
   */
  openWorker(port: InThreadPort): PdfWorker | undefined;
}

/**
 * pdf.js's API and worker modules as pdf-parse resolves them, so the `PDFWorker` class is the one
 * pdf-parse's `getDocument` checks with `instanceof`. In Node pdf.js runs its "worker" in the
 * calling thread; the worker module bundles its own core-js.
 */
function pdfjsUrls(): { api: string; worker: string } {
  const pdfParse = createRequire(import.meta.url).resolve("pdf-parse");
  const fromPdfParse = createRequire(pdfParse);
  const url = (specifier: string) => pathToFileURL(fromPdfParse.resolve(specifier)).href;
  return {
    api: url("pdfjs-dist/legacy/build/pdf.mjs"),
    worker: url("pdfjs-dist/legacy/build/pdf.worker.mjs"),
  };
}

/**
 * pdf-parse and pdf.js's modules, imported on the first PDF: threads that never read one never
 * load pdf.js. Importing the worker module here (it registers itself as `globalThis.pdfjsWorker`,
 * which pdf.js then uses instead of importing it) lets the built-ins its core-js replaces be put
 * back before the first parse, so pdf.js parses with the native `push` and `JSON.parse` too
 * (~10-20% less CPU per PDF than restoring only after each parse).
 */
export async function importPdfParse(): Promise<PdfRuntime> {
  try {
    const { PDFParse } = await import("pdf-parse");
    const urls = pdfjsUrls();
    const api = (await import(urls.api)) as PdfjsApiModule;
    const worker = (await import(urls.worker)) as PdfjsWorkerModule;
    return {
      PDFParse,
      openWorker(port) {
        const handler = worker.WorkerMessageHandler;
        if (!api.PDFWorker || typeof handler?.initializeFromPort !== "function") return undefined;
        handler.initializeFromPort(port);
        return new api.PDFWorker({ port, verbosity: 0 });
      },
    };
  } finally {
    restoreBuiltins();
  }
}

/**
 * Load a PDF with pdf-parse 2: one Document per page with `metadata.page` (1-based) and
 * `metadata.pages`. Pages without text are skipped; a PDF with no text at all is an error
 * (scanned images need OCR first). The built-ins pdf.js patches are put back after each parse.
 * pdf.js's two halves talk over an {@link InThreadPort} (its own loopback port copies every
 * message with `structuredClone`: ~5% of the CPU a PDF costs), and fonts are never compiled to
 * JavaScript (`isEvalSupported: false`; text extraction does not draw glyphs).
 *
 * @example
 * const { documents } = await loadPdf(await readFile("manual.pdf"), { source: "manual.pdf" });
 */
export const loadPdf: Loader = async (bytes, { source }) => {
  const createDocument = await documentFactory();
  const { PDFParse, openWorker } = await importPdfParse();
  const port = new InThreadPort();
  const worker = openWorker(port);
  const parser = new PDFParse({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    ...(worker ? { worker } : {}),
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
    worker?.destroy();
    port.terminate();
    restoreBuiltins();
  }
};
