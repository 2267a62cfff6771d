import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { htmlToText, loadHtml } from "../../loaders/html.js";
import { loadMarkdown, splitFrontMatter } from "../../loaders/markdown.js";
import { loadText } from "../../loaders/text.js";
import { fixturePath } from "./helpers.js";

describe("loadText", () => {
  it("loads a UTF-16 LE fixture as one document with its source", async () => {
    const source = "runbooks/legacy-notes.txt";
    const { documents, warnings } = await loadText(await readFile(fixturePath(source)), { source });
    expect(warnings).toEqual([]);
    expect(documents).toHaveLength(1);
    expect(documents[0]!.metadata).toEqual({ source, loader: "text", encoding: "utf-16le" });
    expect(documents[0]!.pageContent).toContain("Café owners in Zürich and São Paulo");
  });

  it("rejects a binary file", async () => {
    await expect(
      loadText(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00]), { source: "a.txt" }),
    ).rejects.toMatchObject({ reason: "binary" });
  });
});

describe("loadMarkdown", () => {
  it("moves YAML front matter into metadata and keeps the body", async () => {
    const source = "product/getting-started.md";
    const { documents } = await loadMarkdown(await readFile(fixturePath(source)), { source });
    const [doc] = documents;
    expect(doc!.metadata.title).toBe("Getting started with Tidewater");
    expect(doc!.metadata.frontMatter).toMatchObject({
      product: "Tidewater",
      tags: ["onboarding", "install"],
    });
    expect(doc!.pageContent.startsWith("\n# Getting started with Tidewater")).toBe(true);
    expect(doc!.pageContent).not.toContain("audience:");
  });

  it("reads MDX and a UTF-8 BOM", async () => {
    const mdx = await loadMarkdown(await readFile(fixturePath("product/configuration.mdx")), {
      source: "product/configuration.mdx",
    });
    expect(mdx.documents[0]!.metadata.frontMatter).toEqual({
      title: "Configuration reference",
      section: "reference",
      version: "4.2",
    });
    const bom = await loadMarkdown(await readFile(fixturePath("product/release-notes.md")), {
      source: "product/release-notes.md",
    });
    expect(bom.documents[0]!.metadata.encoding).toBe("utf-8-bom");
    expect(bom.documents[0]!.pageContent.startsWith("# Release notes")).toBe(true);
  });

  it("keeps malformed front matter as text with a warning", () => {
    const result = splitFrontMatter("---\ntitle: [unclosed\n---\nBody");
    expect(result.data).toEqual({});
    expect(result.body).toContain("title: [unclosed");
    expect(result.warning).toMatch(/not valid YAML/);
  });
});

describe("loadHtml", () => {
  it("keeps readable text, alt text and the title; drops scripts and styles", async () => {
    const source = "web/faq.html";
    const { documents } = await loadHtml(await readFile(fixturePath(source)), { source });
    const [doc] = documents;
    expect(doc!.metadata.title).toBe("Tidewater FAQ");
    expect(doc!.pageContent.startsWith("Tidewater FAQ")).toBe(true);
    expect(doc!.pageContent).toContain("Tidewater logo: a stylised wave over a data table");
    expect(doc!.pageContent).toContain("Does Tidewater need internet access?");
    expect(doc!.pageContent).toContain("PostgreSQL");
    expect(doc!.pageContent).not.toMatch(/tracking loaded|font-family|analytics/);
    expect(doc!.pageContent).not.toContain("/img/logo.svg");
  });

  it("keeps text of hidden elements so scanners see planted instructions", () => {
    const { text } = htmlToText('<p>Visible</p><div style="display:none">Hidden note</div>');
    expect(text).toContain("Hidden note");
  });

  it("tolerates broken markup", () => {
    expect(htmlToText("<p>Unclosed <b>bold <i>text").text).toBe("Unclosed bold text");
  });
});
