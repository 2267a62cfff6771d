import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { walkInputs } from "../../loaders/walk.js";
import type { Logger } from "../../src/common/logger.js";
import { windowedFeed } from "../../src/ingest/batch-feed.js";
import type { ChunkScan, ChunkScanner } from "../../src/ingest/chunk-scanner.js";
import { scanBatchSize } from "../../src/ingest/file-work.js";
import { runIngest } from "../../src/ingest/ingest.js";
import { ingestOptionsSchema } from "../../src/ingest/options.js";
import { Vault } from "../../src/scanners/vault.js";

describe("windowedFeed", () => {
  it("gives batches in order with at most `window` started and not taken", async () => {
    let started = 0;
    let taken = 0;
    let most = 0;
    const feed = windowedFeed(50, 4, async (index) => {
      started += 1;
      most = Math.max(most, started - taken);
      // Later batches answer first: the order must still be the input order.
      await new Promise((resolve) => setImmediate(resolve));
      return index;
    });
    const seen: number[] = [];
    for (let batch = await feed.next(); batch !== undefined; batch = await feed.next()) {
      taken += 1;
      seen.push(batch);
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(most).toBeLessThanOrEqual(5);
  });

  it("rejects at the failed batch, and stops producing once closed", async () => {
    const produced: number[] = [];
    const feed = windowedFeed(100, 3, async (index) => {
      produced.push(index);
      if (index === 1) throw new Error("batch 1 failed");
      return index;
    });
    expect(await feed.next()).toBe(0);
    await expect(feed.next()).rejects.toThrow("batch 1 failed");
    feed.close();
    expect(await feed.next()).toBeUndefined();
    expect(Math.max(...produced)).toBeLessThan(6);
  });
});

/** Chunk `index` of `source`: one paragraph of ~900 characters, with an e-mail of its own. */
function paragraph(source: string, index: number): string {
  const head = `${source} chunk ${index} mail ${source}-person${index}@example.com.`;
  return `${head} ${"Filler words for the splitter. ".repeat(28)}`.trim();
}

/** Write `count` paragraphs (one chunk each: two do not fit in 1000 characters) per file. */
async function writeInputs(root: string, files: Record<string, number>): Promise<void> {
  await mkdir(root, { recursive: true });
  for (const [source, count] of Object.entries(files)) {
    const text = Array.from({ length: count }, (_, index) => paragraph(source, index));
    await writeFile(join(root, source), `${text.join("\n\n")}\n`);
  }
}

/**
 * A scanner that drops every chunk of `big.txt` and keeps the others, redacting each chunk's
 * e-mail; it records how many chunks of the big file were asked for and not yet written
 * (dropped-chunk warnings), and can break at one chunk.
 */
function countingScanner(failAtChunk?: number) {
  const stats = { mostHeld: 0, read: 0, written: 0, warnings: [] as string[] };
  const scan = (text: string): ChunkScan => {
    if (failAtChunk !== undefined && text.startsWith(`big.txt chunk ${failAtChunk} `)) {
      throw new Error("scanner broke");
    }
    const email = /\S+-person\d+@example\.com/.exec(text)![0];
    const drop = text.startsWith("big.txt");
    if (drop) {
      stats.read += 1;
      stats.mostHeld = Math.max(stats.mostHeld, stats.read - stats.written);
    }
    return {
      sanitized: text.replace(email, "[REDACTED_EMAIL_ADDRESS_1]"),
      valid: { Fake: !drop, Anonymize: false },
      scores: { Fake: drop ? 1 : 0, Anonymize: 1 },
      vaultEntries: [["[REDACTED_EMAIL_ADDRESS_1]", email]],
    };
  };
  const scanner: ChunkScanner = {
    mode: "workers",
    async scanBatch(texts) {
      await new Promise((resolve) => setImmediate(resolve));
      return texts.map(scan);
    },
    async close() {},
  };
  const logger: Logger = {
    debug() {},
    info() {},
    warn(obj, message) {
      const { source, chunks } = obj as { source?: string; chunks?: number };
      if (source === "big.txt" && message === "Dropped chunk") stats.written += 1;
      stats.warnings.push(`${message} ${source} ${chunks ?? ""}`.trim());
    },
    error() {},
  };
  return { scanner, logger, stats };
}

/** The chunks of the small files around the large one, kept in walk order. */
const chunkName = (line: { page_content: string }) => line.page_content.split(" mail ")[0];
const smallFileChunks = [
  "a.txt chunk 0",
  "a.txt chunk 1",
  "a.txt chunk 2",
  "z.txt chunk 0",
  "z.txt chunk 1",
];

describe("runIngest on a large file (a scanner of its own)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-window-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function run(files: Record<string, number>, failAtChunk?: number) {
    const { scanner, logger, stats } = countingScanner(failAtChunk);
    const root = join(dir, "in");
    await writeInputs(root, files);
    const walked = await walkInputs([root]);
    const vault = new Vault();
    const outDir = join(dir, "out");
    const options = ingestOptionsSchema.parse({ outDir, workers: 2, logger });
    const report = await runIngest({
      options,
      inputs: [root],
      ...walked,
      outDir,
      settings: {
        chunk_size: 1000,
        chunk_overlap: 0,
        scanners: ["Fake"],
        scanner_configs: [{ type: "Fake", params: {} }],
        ignore_invalid: ["Anonymize"],
        scanning: "workers",
        workers: 2,
      },
      done: new Map(),
      set: { configs: [], ignoreInvalid: ["Anonymize"] },
      scanner,
      vault,
      emit() {},
    });
    const lines = async (name: string) =>
      (await readFile(join(outDir, name), "utf8"))
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { id: string; page_content: string });
    return {
      report,
      stats,
      vault,
      chunks: await lines("chunks.jsonl"),
      dropped: await lines("dropped.jsonl"),
      outFiles: await readdir(outDir),
    };
  }

  it("never holds more than the batch window of one file's chunks, and writes them all in order", async () => {
    const { report, stats, chunks, dropped } = await run({
      "a.txt": 3,
      "big.txt": 5000,
      "z.txt": 2,
    });
    expect(dropped.map(chunkName)).toEqual(
      Array.from({ length: 5000 }, (_, index) => `big.txt chunk ${index}`),
    );
    expect(chunks.map(chunkName)).toEqual(smallFileChunks);
    expect(report.totals).toMatchObject({ chunks: 5005, dropped: 5000, kept: 5 });
    expect(stats.written).toBe(5000);
    // 16 batches ahead of the writer (2 workers) plus the one being written.
    expect(stats.mostHeld).toBeGreaterThan(scanBatchSize);
    expect(stats.mostHeld).toBeLessThanOrEqual(17 * scanBatchSize);
    // One address, one placeholder across the run, numbered in walk order.
    expect(dropped.at(-1)?.page_content).toMatch(
      /^big\.txt chunk 4999 mail \[REDACTED_EMAIL_ADDRESS_5003\]\. Filler/,
    );
    expect(chunks.at(-1)?.page_content).toMatch(
      /^z\.txt chunk 1 mail \[REDACTED_EMAIL_ADDRESS_5005\]\. Filler/,
    );
  });

  it("leaves nothing of a file whose scanning fails half-way: no lines, no placeholders", async () => {
    const { report, chunks, dropped, vault, outFiles, stats } = await run(
      { "a.txt": 3, "big.txt": 2000, "z.txt": 2 },
      1500,
    );
    expect(dropped).toEqual([]);
    // The drops warned while big.txt was written (the batches before the failing one) are taken
    // back in one warning after them, so the log claims no drop that is not in dropped.jsonl.
    const warnedDrops = stats.warnings.filter((line) => line === "Dropped chunk big.txt");
    expect(warnedDrops.length).toBe(Math.floor(1500 / scanBatchSize) * scanBatchSize);
    const rolledBack = stats.warnings.filter((line) => line.startsWith("Rolled back"));
    expect(rolledBack).toEqual([
      `Rolled back ${warnedDrops.length} dropped chunk(s) of "big.txt": the file failed half-way and is skipped, so the drops warned above were not written big.txt ${warnedDrops.length}`,
    ]);
    expect(stats.warnings.lastIndexOf("Dropped chunk big.txt")).toBeLessThan(
      stats.warnings.indexOf(rolledBack[0]!),
    );
    expect(chunks.map(chunkName)).toEqual(smallFileChunks);
    const big = report.files.find((file) => file.source === "big.txt");
    expect(big).toMatchObject({
      status: "skipped",
      reason: "scan_error",
      message: "scanning failed: scanner broke",
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(report.totals).toMatchObject({ chunks: 5, skipped: 1 });
    // z.txt's placeholders follow a.txt's: big.txt's were taken back out of the vault.
    expect(vault.get()).toEqual([
      ["[REDACTED_EMAIL_ADDRESS_1]", "a.txt-person0@example.com"],
      ["[REDACTED_EMAIL_ADDRESS_2]", "a.txt-person1@example.com"],
      ["[REDACTED_EMAIL_ADDRESS_3]", "a.txt-person2@example.com"],
      ["[REDACTED_EMAIL_ADDRESS_4]", "z.txt-person0@example.com"],
      ["[REDACTED_EMAIL_ADDRESS_5]", "z.txt-person1@example.com"],
    ]);
    expect(chunks.at(-1)?.page_content).toMatch(
      /^z\.txt chunk 1 mail \[REDACTED_EMAIL_ADDRESS_5\]/,
    );
    expect(outFiles.sort()).toEqual([
      "chunks.jsonl",
      "dropped.jsonl",
      "report.html",
      "report.json",
    ]);
  });
});
