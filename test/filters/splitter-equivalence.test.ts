import { createHash } from "node:crypto";
import { Document } from "@langchain/core/documents";
import { RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import fc from "fast-check";
import { glob } from "tinyglobby";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateIngestionCorpus } from "../../bench/ingestion-corpus.js";
import { chunkId } from "../../filters/chunk-id.js";
import { splitChunks } from "../../filters/split-chunks.js";
import { splitKeepingSeparator } from "../../filters/split-on-separator.js";
import { ChunkSplitter } from "../../filters/splitter.js";
import { loadFile } from "../../loaders/load-file.js";
import { fixturePath, tempDir } from "../loaders/helpers.js";

/** LangChain's own split at a separator, as `ChunkSplitter` did before its `indexOf` version. */
const langChainSplit = (
  RecursiveCharacterTextSplitter.prototype as unknown as {
    splitOnSeparator(this: unknown, text: string, separator: string): string[];
  }
).splitOnSeparator;

/**
 * `ChunkSplitter` through LangChain's own `splitText`, `createDocuments` and regular-expression
 * split: the reference output.
 */
class ReferenceSplitter extends ChunkSplitter {
  protected override get plainSplit(): boolean {
    return false;
  }

  protected override splitOnSeparator(text: string, separator: string): string[] {
    return langChainSplit.call(this, text, separator);
  }
}

/** The chunk id as it was computed before (five hash updates). */
function referenceChunkId(source: string, index: number, text: string): string {
  return createHash("sha256")
    .update(source)
    .update("\u0000")
    .update(String(index))
    .update("\u0000")
    .update(text)
    .digest("hex")
    .slice(0, 32);
}

/** The ingest default, a small size with overlap, and a tiny one (random texts only: slow). */
const sizes = [
  { chunkSize: 1000, chunkOverlap: 0 },
  { chunkSize: 100, chunkOverlap: 10 },
];
const tinySize = { chunkSize: 7, chunkOverlap: 0 };

async function expectSameChunks(documents: Document[], extra: typeof sizes = []): Promise<number> {
  let chunks = 0;
  for (const size of [...sizes, ...extra]) {
    const fast = await new ChunkSplitter(size).splitDocuments(documents);
    const reference = await new ReferenceSplitter(size).splitDocuments(documents);
    expect(fast.map((chunk) => [chunk.id, chunk.pageContent, chunk.metadata])).toEqual(
      reference.map((chunk) => [chunk.id, chunk.pageContent, chunk.metadata]),
    );
    // What ingest's loadChunks sends on: records, in the same key order.
    expect(JSON.stringify(splitChunks(documents, size))).toBe(
      JSON.stringify(
        reference.map(({ id, pageContent, metadata }) => ({ id, pageContent, metadata })),
      ),
    );
    chunks += fast.length;
  }
  return chunks;
}

/** Texts heavy in the splitter's separators: runs of newlines and spaces, tabs, CR, surrogates. */
const unit = fc.constantFrom(
  "\n",
  "\n",
  "\n\n",
  " ",
  " ",
  "  ",
  "\t",
  "\r\n",
  "a",
  "word",
  "\ud83d",
  "\ude00",
  "é",
);
const edgeText = fc
  .array(fc.oneof(unit, fc.string({ maxLength: 40 })), { maxLength: 400 })
  .map((parts) => parts.join(""));

describe("ChunkSplitter's indexOf split", () => {
  it("gives LangChain's pieces for every default separator", () => {
    fc.assert(
      fc.property(edgeText, (text) => {
        for (const separator of ["\n\n", "\n", " "]) {
          expect(splitKeepingSeparator(text, separator)).toEqual(
            langChainSplit.call({ keepSeparator: true }, text, separator),
          );
        }
      }),
      { numRuns: 2000 },
    );
    for (const text of ["", "\n", "\n\n", "\n\n\n\n\n", " ", "   ", "a\n\nb\n\n\nc", "x\n\n"]) {
      for (const separator of ["\n\n", "\n", " "]) {
        expect(splitKeepingSeparator(text, separator)).toEqual(
          langChainSplit.call({ keepSeparator: true }, text, separator),
        );
      }
    }
  });

  it("gives the same chunks, ids and metadata as LangChain's split on random texts", async () => {
    await fc.assert(
      fc.asyncProperty(edgeText, async (text) => {
        const document = new Document({ pageContent: text, metadata: { source: "r" } });
        await expectSameChunks([document], [tinySize]);
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same chunks, ids and metadata in segments, with loc, overlap and repeats", async () => {
    const sizesArb = fc.constantFrom(
      { chunkSize: 1000, chunkOverlap: 0 },
      { chunkSize: 30, chunkOverlap: 0 },
      { chunkSize: 30, chunkOverlap: 12 },
      { chunkSize: 5, chunkOverlap: 2 },
      { chunkSize: 1, chunkOverlap: 0 },
    );
    const repeated = fc
      .tuple(edgeText, fc.integer({ min: 1, max: 6 }))
      .map(([text, times]) => text.repeat(times));
    const metadata = fc.constantFrom<Record<string, unknown>>(
      { source: "r" },
      { source: "r", loc: { pageNumber: 2 }, chunk: "x" },
      { loc: "not an object", page: 1 },
      {},
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(repeated, metadata), { minLength: 1, maxLength: 3 }),
        sizesArb,
        fc.constantFrom(1_000_000, 64, 7),
        async (parts, size, segmentChars) => {
          const documents = parts.map(
            ([pageContent, meta]) => new Document({ pageContent, metadata: meta }),
          );
          const fast = await new ChunkSplitter({ ...size, segmentChars }).splitDocuments(documents);
          const reference = await new ReferenceSplitter({ ...size, segmentChars }).splitDocuments(
            documents,
          );
          expect(fast).toEqual(reference);
          expect(fast.map((chunk) => JSON.stringify(chunk))).toEqual(
            reference.map((chunk) => JSON.stringify(chunk)),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("gives LangChain's splitText and createDocuments", async () => {
    await fc.assert(
      fc.asyncProperty(edgeText, async (text) => {
        for (const size of [...sizes, tinySize]) {
          const langChain = new RecursiveCharacterTextSplitter(size);
          expect(await new ChunkSplitter(size).splitText(text)).toEqual(
            await langChain.splitText(text),
          );
          expect(await new ChunkSplitter(size).createDocuments([text])).toEqual(
            await langChain.createDocuments([text]),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same chunks on every fixture document", async () => {
    const files = await glob("**/*", { cwd: fixturePath(""), onlyFiles: true });
    const documents: Document[] = [];
    for (const file of files) {
      const outcome = await loadFile(fixturePath(file), { source: file });
      if (outcome.ok) documents.push(...outcome.documents);
    }
    expect(documents.length).toBeGreaterThan(20);
    expect(await expectSameChunks(documents)).toBeGreaterThan(100);
  });

  describe("on a generated bench corpus (md, txt, html, jsonl, pdf)", () => {
    let corpus: { dir: string; cleanup: () => Promise<void> };
    beforeAll(async () => {
      corpus = await tempDir();
      await generateIngestionCorpus({ dir: corpus.dir, seed: 8, targetBytes: 400_000 });
    }, 60_000);
    afterAll(() => corpus.cleanup());

    it("gives the same chunks for every file", async () => {
      const files = await glob("**/*", { cwd: corpus.dir, onlyFiles: true });
      let chunks = 0;
      for (const file of files) {
        const outcome = await loadFile(`${corpus.dir}/${file}`, { source: file });
        expect(outcome.ok).toBe(true);
        if (outcome.ok) chunks += await expectSameChunks(outcome.documents);
      }
      expect(chunks).toBeGreaterThan(1000);
    }, 60_000);
  });
});

describe("chunkId in one hash update", () => {
  it("is the id of the part-by-part hash, lone surrogates included", () => {
    fc.assert(
      fc.property(edgeText, edgeText, fc.nat(), (source, text, index) => {
        expect(chunkId(source, index, text)).toBe(referenceChunkId(source, index, text));
      }),
      { numRuns: 2000 },
    );
    expect(chunkId("a\ud83d", 0, "\ude00b")).toBe(referenceChunkId("a\ud83d", 0, "\ude00b"));
  });
});
