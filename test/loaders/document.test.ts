import { Document } from "@langchain/core/documents";
import { describe, expect, it } from "vitest";
import { documentFactory } from "../../loaders/document.js";
import { loadFile } from "../../loaders/load-file.js";
import { fixturePath } from "./helpers.js";

describe("documentFactory", () => {
  it("makes LangChain's own Document (imported without the transformers)", async () => {
    const createDocument = await documentFactory();
    const document = createDocument("text", "a.txt", "text", { encoding: "utf-8" });
    expect(document).toBeInstanceOf(Document);
    expect(document).toEqual(
      new Document({
        pageContent: "text",
        metadata: { encoding: "utf-8", source: "a.txt", loader: "text" },
      }),
    );
  });

  it("is what every loader returns", async () => {
    const outcome = await loadFile(fixturePath("web/faq.html"), { source: "faq.html" });
    expect(outcome.ok).toBe(true);
    if (outcome.ok)
      for (const document of outcome.documents) expect(document).toBeInstanceOf(Document);
  });
});
