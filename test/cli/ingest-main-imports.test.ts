import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const probe = fileURLToPath(new URL("../helpers/module-probe.mjs", import.meta.url));

/** Every module URL that importing `path` (a source file) resolves, in a fresh process. */
async function modulesImportedBy(path: string): Promise<string[]> {
  const entry = fileURLToPath(new URL(path, import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", probe, entry]);
  return JSON.parse(stdout) as string[];
}

describe("ingest's main thread", () => {
  // A run with worker threads loads and scans every file on the workers: the main thread must not
  // pay for importing the detectors (~0.25 CPU-s) or the parsers (~0.3 CPU-s) before they start;
  // yaml only when a config file is given.
  it("imports no detector, scanner or file parser to run a command", async () => {
    const urls = await modulesImportedBy("../../cli/ingest/run-command.ts");
    expect(urls.some((url) => url.endsWith("/cli/ingest/pipeline.ts"))).toBe(true);
    const heavy = urls.filter((url) =>
      /\/src\/detectors\/|\/src\/scanners\/registry|\/loaders\/(load-file|registry|html|pdf)|html-to-text|textsplitters|\/yaml\//.test(
        url,
      ),
    );
    expect(heavy).toEqual([]);
  });

  // LangChain's documents module imports its runnables, tracers and langsmith (~250 modules,
  // ~0.13 CPU-s): the main thread writes chunk fields as plain data and imports the guard API
  // client (which needs LangChain) only for `--guard-url`.
  it("imports no LangChain module", async () => {
    const urls = await modulesImportedBy("../../cli/ingest/run-command.ts");
    expect(urls.filter((url) => /\/@langchain\/|\/langsmith\//.test(url))).toEqual([]);
  });

  it("sees the parsers where the loaders are imported (the probe works)", async () => {
    const urls = await modulesImportedBy("../../loaders/registry.ts");
    expect(urls.some((url) => url.includes("/html-to-text/"))).toBe(true);
    expect(urls.some((url) => url.endsWith("/loaders/pdf.ts"))).toBe(true);
  });
});

describe("ingest's workers", () => {
  // pdf.js, mammoth and yaml (front matter) are loaded on first use: a worker that meets no PDF,
  // no .docx and no front matter never pays for them.
  it("import no parser that only some files need", async () => {
    // ingest-worker.ts itself reads its workerData at import: probe what it imports instead.
    const urls = [
      ...(await modulesImportedBy("../../cli/ingest/ingest-task.ts")),
      ...(await modulesImportedBy("../../src/scanners/registry.ts")),
    ];
    expect(urls.some((url) => url.endsWith("/loaders/registry.ts"))).toBe(true);
    expect(urls.some((url) => url.endsWith("/loaders/pdf.ts"))).toBe(true);
    expect(urls.filter((url) => /\/(pdfjs-dist|pdf-parse|mammoth|yaml)\//.test(url))).toEqual([]);
  });
});
