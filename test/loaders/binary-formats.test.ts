import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadDocx } from "../../loaders/docx.js";
import { loadPdf } from "../../loaders/pdf.js";
import { fixturePath } from "./helpers.js";

describe("loadPdf", () => {
  it("gives one document per page with page numbers", async () => {
    const source = "manual/tidewater-admin-manual.pdf";
    const { documents } = await loadPdf(await readFile(fixturePath(source)), { source });
    expect(documents.map((doc) => doc.metadata.page)).toEqual([1, 2, 3, 4]);
    expect(documents.every((doc) => doc.metadata.pages === 4)).toBe(true);
    expect(documents[0]!.metadata).toMatchObject({ source, loader: "pdf" });
    expect(documents[1]!.pageContent).toContain("2. Installation");
    expect(documents[0]!.pageContent).not.toContain("-- 1 of 4 --");
  });

  it("reports a file that is not a PDF", async () => {
    await expect(
      loadPdf(Buffer.from("%PDF-1.7\nthis is not really a pdf"), { source: "x.pdf" }),
    ).rejects.toMatchObject({ reason: "parse_error" });
  });
});

describe("loadDocx", () => {
  it("extracts the raw text of the policy", async () => {
    const source = "policy/data-retention-policy.docx";
    const { documents } = await loadDocx(await readFile(fixturePath(source)), { source });
    expect(documents).toHaveLength(1);
    expect(documents[0]!.metadata).toEqual({ source, loader: "docx" });
    expect(documents[0]!.pageContent).toContain("Harbor Analytics - Data Retention Policy");
    expect(documents[0]!.pageContent).toContain("Legal holds override the retention periods");
  });

  it("reports a file that is not a .docx", async () => {
    await expect(
      loadDocx(Buffer.from("PK\u0003\u0004 broken zip"), { source: "x.docx" }),
    ).rejects.toMatchObject({
      reason: "parse_error",
    });
  });
});
