import { Document } from "@langchain/core/documents";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkId } from "../../filters/chunk-id.js";
import { ChunkSplitter, createSplitter } from "../../filters/splitter.js";
import { ConfigError } from "../../src/common/errors.js";

const withoutWhitespace = (text: string): string => text.replace(/\s+/g, "");

const word = fc.stringMatching(/^[a-zA-Z0-9.,;:'"!?()-]{1,30}$/);
const separator = fc.constantFrom(" ", " ", " ", "\n", "\n\n", "  ");
const prose = fc
  .array(fc.tuple(word, separator), { minLength: 1, maxLength: 800 })
  .map((parts) => parts.map(([w, s]) => w + s).join(""));

describe("createSplitter", () => {
  it("defaults to 1000 characters and no overlap", () => {
    const splitter = createSplitter();
    expect(splitter.chunkSize).toBe(1000);
    expect(splitter.chunkOverlap).toBe(0);
  });

  it("never makes a chunk over 1000 characters and loses no text but separators", async () => {
    const splitter = createSplitter();
    await fc.assert(
      fc.asyncProperty(prose, async (text) => {
        const chunks = await splitter.splitDocuments([
          new Document({ pageContent: text, metadata: { source: "p.txt" } }),
        ]);
        for (const chunk of chunks) expect(chunk.pageContent.length).toBeLessThanOrEqual(1000);
        expect(withoutWhitespace(chunks.map((chunk) => chunk.pageContent).join(""))).toBe(
          withoutWhitespace(text),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("splits one long line without separators within the limit", async () => {
    const text = "x".repeat(2500);
    const chunks = await createSplitter().splitDocuments([
      new Document({ pageContent: text, metadata: { source: "a" } }),
    ]);
    expect(chunks.map((chunk) => chunk.pageContent.length)).toEqual([1000, 1000, 500]);
  });

  it("keeps metadata, adds loc.lines, a per-source index and a stable id", async () => {
    const docs = [
      new Document({
        pageContent: "alpha\n\nbeta ".repeat(150),
        metadata: { source: "a.md", page: 1 },
      }),
      new Document({ pageContent: "gamma ".repeat(300), metadata: { source: "b.md" } }),
    ];
    const first = await createSplitter().splitDocuments(docs);
    const second = await createSplitter().splitDocuments(docs);
    expect(first.map((chunk) => chunk.id)).toEqual(second.map((chunk) => chunk.id));
    const a = first.filter((chunk) => chunk.metadata.source === "a.md");
    const b = first.filter((chunk) => chunk.metadata.source === "b.md");
    expect(a.map((chunk) => chunk.metadata.chunk)).toEqual(a.map((_, index) => index));
    expect(b.map((chunk) => chunk.metadata.chunk)).toEqual(b.map((_, index) => index));
    expect(a[0]!.metadata).toMatchObject({ source: "a.md", page: 1, loc: { lines: { from: 1 } } });
    expect(a[0]!.id).toBe(chunkId("a.md", 0, a[0]!.pageContent));
    expect(new Set(first.map((chunk) => chunk.id)).size).toBe(first.length);
  });

  it("accepts other sizes and rejects an overlap that is not smaller than the size", async () => {
    const chunks = await createSplitter({ chunkSize: 100, chunkOverlap: 10 }).splitDocuments([
      new Document({ pageContent: "word ".repeat(100), metadata: { source: "s" } }),
    ]);
    expect(Math.max(...chunks.map((chunk) => chunk.pageContent.length))).toBeLessThanOrEqual(100);
    expect(() => createSplitter({ chunkSize: 100, chunkOverlap: 100 })).toThrow(ConfigError);
    expect(() => createSplitter({ chunkSize: 0 })).toThrow(/chunkSize/);
  });
});

describe("ChunkSplitter on very long documents", () => {
  it("splits in segments at paragraph breaks, losing no text, with absolute loc.lines", async () => {
    const paragraphs = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i} says the operator checks log ${i} twice.\nSecond line of ${i}.`,
    );
    const text = paragraphs.join("\n\n");
    const document = new Document({ pageContent: text, metadata: { source: "long.txt" } });
    const whole = await new ChunkSplitter({ chunkSize: 1000, chunkOverlap: 0 }).splitDocuments([
      document,
    ]);
    const segmented = await new ChunkSplitter({
      chunkSize: 1000,
      chunkOverlap: 0,
      segmentChars: 5000,
    }).splitDocuments([document]);
    // Each segment may end in one shorter chunk; nothing else changes.
    expect(segmented.length).toBeGreaterThanOrEqual(whole.length);
    expect(segmented.length).toBeLessThanOrEqual(whole.length + Math.ceil(text.length / 5000));
    expect(withoutWhitespace(segmented.map((chunk) => chunk.pageContent).join(""))).toBe(
      withoutWhitespace(text),
    );
    const lines = text.split("\n");
    for (const chunk of segmented) {
      expect(chunk.pageContent.length).toBeLessThanOrEqual(1000);
      const { from, to } = (chunk.metadata.loc as { lines: { from: number; to: number } }).lines;
      expect(lines.slice(from - 1, to).join("\n")).toContain(chunk.pageContent);
    }
  });

  it("splits a 150 MB text without overflowing the stack", async () => {
    const block = `${"The operator checks the maintenance log before the weekly review. ".repeat(14)}\n\n`;
    const document = new Document({
      pageContent: block.repeat(160_000),
      metadata: { source: "big.txt" },
    });
    const chunks = await createSplitter().splitDocuments([document]);
    expect(chunks.length).toBeGreaterThan(150_000);
    expect(chunks.at(-1)?.metadata.chunk).toBe(chunks.length - 1);
  }, 120_000);
});
