import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ChunkScan, ChunkScanner } from "../../cli/ingest/chunk-scanner.js";
import { createIngestTask } from "../../cli/ingest/ingest-task.js";
import { scanBatchSize, scanInBatches } from "../../cli/ingest/pipeline.js";
import { createSplitter } from "../../filters/splitter.js";
import { hashBytes, loadFile } from "../../loaders/load-file.js";

const settings = { chunkSize: 200, chunkOverlap: 0 };
const source = "web/faq.html";
const path = fileURLToPath(new URL(`../../fixtures/docs/${source}`, import.meta.url));

/** A scan that upper-cases the text and marks texts containing "bad" invalid. */
async function fakeScan(text: string): Promise<ChunkScan> {
  if (text === "throw") throw new Error("scanner broke");
  const valid = { Fake: !text.includes("bad") };
  return {
    sanitized: text.toUpperCase(),
    valid,
    scores: { Fake: valid.Fake ? 0 : 1 },
    vaultEntries: [],
  };
}

describe("ingest worker task", () => {
  const run = createIngestTask(settings, fakeScan);

  it("loads and splits a file like the splitter does on the main thread", async () => {
    const output = await run({ kind: "load", request: { path, source } });
    const outcome = await loadFile(path, { source });
    if (!outcome.ok) throw new Error(outcome.message);
    const expected = await createSplitter(settings).splitDocuments(outcome.documents);
    expect(output).toMatchObject({
      ok: true,
      kind: "load",
      load: { kind: "loaded", loader: "html" },
    });
    if (!output.ok || output.kind !== "load" || output.load.kind !== "loaded") return;
    expect(expected.length).toBeGreaterThan(1);
    expect(output.load.chunks).toEqual(
      expected.map((chunk) => ({
        id: chunk.id,
        pageContent: chunk.pageContent,
        metadata: chunk.metadata,
      })),
    );
    expect(output.load.hash).toBe(hashBytes(await readFile(path)));
  });

  it("does not load a file whose hash the previous run recorded, and reports unreadable files", async () => {
    const previousHash = hashBytes(await readFile(path));
    expect(await run({ kind: "load", request: { path, source, previousHash } })).toEqual({
      ok: true,
      kind: "load",
      load: { kind: "unchanged", hash: previousHash },
    });
    const missing = await run({ kind: "load", request: { path: `${path}.missing`, source } });
    expect(missing).toMatchObject({
      ok: true,
      load: { kind: "skipped", reason: "read_error", bytes: 0 },
    });
  });

  it("scans a batch in order, and reports a failing scanner as a failed task", async () => {
    const output = await run({ kind: "scan", texts: ["one", "bad two", "three"] });
    expect(output).toMatchObject({ ok: true, kind: "scan" });
    if (!output.ok || output.kind !== "scan") return;
    expect(output.scans.map((scan) => [scan.sanitized, scan.valid.Fake])).toEqual([
      ["ONE", true],
      ["BAD TWO", false],
      ["THREE", true],
    ]);
    expect(await run({ kind: "scan", texts: ["fine", "throw"] })).toMatchObject({
      ok: false,
      message: "scanner broke",
    });
  });
});

describe("scanInBatches", () => {
  it("sends batches of scanBatchSize and returns the scans in input order", async () => {
    const sizes: number[] = [];
    const scanner: ChunkScanner = {
      mode: "in-process",
      async scanBatch(texts) {
        sizes.push(texts.length);
        // Later batches answer first: the order must still be the input order.
        await new Promise((resolve) => setTimeout(resolve, 40 - 10 * sizes.length));
        return Promise.all(texts.map(fakeScan));
      },
      async close() {},
    };
    const texts = Array.from({ length: 2 * scanBatchSize + 5 }, (_, index) => `text ${index}`);
    const scans = await scanInBatches(scanner, texts);
    expect(sizes).toEqual([scanBatchSize, scanBatchSize, 5]);
    expect(scans.map((scan) => scan.sanitized)).toEqual(texts.map((text) => text.toUpperCase()));
    expect(await scanInBatches(scanner, [])).toEqual([]);
  });
});
