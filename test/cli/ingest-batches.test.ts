import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { type HolderMessage, portChunkSource } from "../../cli/ingest/chunk-port.js";
import type { ChunkScan } from "../../cli/ingest/chunk-scanner.js";
import { createIngestTask } from "../../cli/ingest/ingest-task.js";
import type { LoadRequest } from "../../cli/ingest/load-chunks.js";
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

/** Run a file task with a fresh port; `inlineChunks` decides between scanned and held. */
async function runFile(
  run: ReturnType<typeof createIngestTask>,
  request: LoadRequest,
  inlineChunks: number,
) {
  const { port1, port2 } = new MessageChannel();
  const first = new Promise<HolderMessage>((resolve) => port1.once("message", resolve));
  const output = await run({ kind: "file", request, port: port2, inlineChunks });
  return { output, port: port1, first };
}

describe("ingest worker task", () => {
  const run = createIngestTask(settings, fakeScan);

  async function expectedChunks() {
    const outcome = await loadFile(path, { source });
    if (!outcome.ok) throw new Error(outcome.message);
    const expected = await createSplitter(settings).splitDocuments(outcome.documents);
    return expected.map((chunk) => ({
      id: chunk.id,
      pageContent: chunk.pageContent,
      metadata: chunk.metadata,
    }));
  }

  it("loads, splits and scans a small file like the splitter and scanner do on the main thread", async () => {
    const { output, port, first } = await runFile(run, { path, source }, 1000);
    const expected = await expectedChunks();
    expect(expected.length).toBeGreaterThan(1);
    expect(output).toMatchObject({
      ok: true,
      kind: "file",
      outcome: { kind: "scanned", header: { loader: "html", chunks: expected.length } },
    });
    if (!output.ok || output.kind !== "file" || output.outcome.kind !== "scanned") return;
    expect(output.outcome.chunks).toEqual(expected);
    expect(output.outcome.scans).toEqual(
      await Promise.all(expected.map((c) => fakeScan(c.pageContent))),
    );
    expect(output.outcome.header.hash).toBe(hashBytes(await readFile(path)));
    // "loaded" arms the batch time limit; every scanned batch of 32 chunks renews it.
    expect(await first).toMatchObject({ kind: "loaded", header: { chunks: expected.length } });
    port.close();
  });

  it("keeps a large file's chunks on the worker and hands them out a range at a time", async () => {
    const { output, port } = await runFile(run, { path, source }, 1);
    const expected = await expectedChunks();
    expect(output).toMatchObject({ ok: true, outcome: { kind: "held" } });
    const chunks = portChunkSource(port);
    expect(await chunks.read(1, 3)).toEqual(expected.slice(1, 3));
    expect(await chunks.read(0, expected.length + 5)).toEqual(expected);
    chunks.release();
    await expect(chunks.read(0, 1)).rejects.toThrow("released");
  });

  it("reports a scanner failure in a small file with the file's load facts", async () => {
    const failing = createIngestTask(settings, async (text) =>
      text.includes("?") ? Promise.reject(new Error("scanner broke")) : fakeScan(text),
    );
    const { output } = await runFile(failing, { path, source }, 1000);
    expect(output).toMatchObject({
      ok: true,
      outcome: { kind: "scan_failed", message: "scanner broke", header: { loader: "html" } },
    });
  });

  it("does not load a file whose hash the previous run recorded, and reports unreadable files", async () => {
    const previousHash = hashBytes(await readFile(path));
    expect((await runFile(run, { path, source, previousHash }, 1000)).output).toEqual({
      ok: true,
      kind: "file",
      outcome: { kind: "unchanged", hash: previousHash },
    });
    const missing = await runFile(run, { path: `${path}.missing`, source }, 1000);
    expect(missing.output).toMatchObject({
      ok: true,
      outcome: { kind: "skipped", reason: "read_error", bytes: 0 },
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
