import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { snapshotBuiltins } from "../../loaders/native-builtins.js";
import { importPdfParse, loadPdf } from "../../loaders/pdf.js";
import { fixturePath } from "./helpers.js";

describe("built-ins patched by pdf.js", () => {
  it("are the same functions after loading PDFs as before", async () => {
    const push = Array.prototype.push;
    const parse = JSON.parse;
    const functionToString = Function.prototype.toString;
    const source = "manual/tidewater-admin-manual.pdf";
    const bytes = await readFile(fixturePath(source));
    // Twice: pdf.js patches once on import and again when its parser first runs.
    for (let round = 0; round < 2; round++) {
      const { documents } = await loadPdf(bytes, { source });
      expect(documents).toHaveLength(4);
      expect(Array.prototype.push).toBe(push);
      expect(JSON.parse).toBe(parse);
      expect(Function.prototype.toString).toBe(functionToString);
    }
  });

  it("are native again before the first parse: pdf.js finds its worker module loaded", async () => {
    const push = Array.prototype.push;
    const parse = JSON.parse;
    await importPdfParse();
    expect(Array.prototype.push).toBe(push);
    expect(JSON.parse).toBe(parse);
    // pdf.js uses this instead of importing (and evaluating) its worker module during a parse.
    const registered = (globalThis as { pdfjsWorker?: { WorkerMessageHandler?: unknown } })
      .pdfjsWorker;
    expect(typeof registered?.WorkerMessageHandler).toBe("function");
  });

  it("a snapshot puts back replaced methods and leaves added ones", () => {
    const restore = snapshotBuiltins();
    const push = Array.prototype.push;
    const target = Array.prototype as unknown as Record<string, unknown>;
    try {
      Array.prototype.push = function patched(this: unknown[], ...items: unknown[]) {
        return push.apply(this, items);
      };
      target.ragguardAdded = () => 1;
      expect(Array.prototype.push).not.toBe(push);
      restore();
      expect(Array.prototype.push).toBe(push);
      expect(typeof target.ragguardAdded).toBe("function");
    } finally {
      Array.prototype.push = push;
      delete target.ragguardAdded;
    }
  });
});
