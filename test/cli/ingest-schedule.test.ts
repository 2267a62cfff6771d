import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChunkScan, ChunkScanner, FileOutcome } from "../../cli/ingest/chunk-scanner.js";
import { chooseLane } from "../../cli/ingest/ingest-pool.js";
import { type LoadRequest, loadChunks } from "../../cli/ingest/load-chunks.js";
import { runIngest } from "../../cli/ingest/pipeline.js";
import { createProgress } from "../../cli/ingest/progress.js";
import {
  estimateCost,
  fileCosts,
  pdfThreadsFor,
  pickNextFile,
  type ScheduleLimits,
  type ScheduleState,
} from "../../cli/ingest/schedule.js";
import { walkInputs } from "../../loaders/walk.js";
import { silentLogger } from "../../src/common/logger.js";
import { Vault } from "../../src/scanners/vault.js";

const limits: ScheduleLimits = { active: 2, lookahead: 4, maxHeldBytes: 100 };
const state = (overrides: Partial<ScheduleState> = {}): ScheduleState => ({
  next: 0,
  started: new Set(),
  active: 0,
  heldBytes: 0,
  ...overrides,
});

describe("pickNextFile", () => {
  const costs = [1, 5, 3, 9, 2, 50];
  const sizes = [10, 10, 10, 10, 10, 10];

  it("starts files in walk order, a heavy one (4x the next) within the lookahead first", () => {
    expect(pickNextFile(costs, sizes, state(), limits)).toBe(3);
    expect(pickNextFile(costs, sizes, state({ started: new Set([3]), active: 1 }), limits)).toBe(1);
    // 3 is not four times 5: walk order.
    const started = new Set([0, 3]);
    expect(pickNextFile(costs, sizes, state({ started, active: 1 }), limits)).toBe(1);
    expect(pickNextFile([2, 2, 2], [1, 1, 1], state(), limits)).toBe(0);
    expect(pickNextFile([2, 7, 8], [1, 1, 1], state(), limits)).toBe(2);
    // File 5 (the heaviest) is past the lookahead until the writer reaches file 2.
    expect(pickNextFile(costs, sizes, state({ next: 2 }), limits)).toBe(5);
    // A file may start while the one before it still runs.
    expect(pickNextFile(costs, sizes, state({ started: new Set([0]), active: 1 }), limits)).toBe(1);
  });

  it("starts nothing while `active` files run, and nothing when all are started", () => {
    expect(pickNextFile(costs, sizes, state({ active: 2 }), limits)).toBeUndefined();
    const all = new Set([0, 1, 2, 3]);
    expect(pickNextFile(costs, sizes, state({ started: all, active: 1 }), limits)).toBeUndefined();
    expect(pickNextFile([], [], state(), limits)).toBeUndefined();
  });

  it("past maxHeldBytes starts only the next file to write, however large", () => {
    const big = [40, 80, 10, 90];
    expect(pickNextFile(costs, big, state({ heldBytes: 30, started: new Set([0]) }), limits)).toBe(
      2,
    );
    expect(pickNextFile(costs, big, state({ heldBytes: 95 }), limits)).toBe(0);
    expect(pickNextFile(costs, [500, 1, 1, 1], state({ heldBytes: 100 }), limits)).toBe(0);
  });

  it("starts no PDF while `pdfActive` PDFs run: the next file that is not one starts instead", () => {
    const isPdf = [false, true, false, true, false, false];
    const pdfLimits = { ...limits, pdfActive: 1 };
    // File 3 (a PDF) is the heavy one, but a PDF already runs.
    expect(pickNextFile(costs, sizes, state({ pdfActive: 1 }), pdfLimits, isPdf)).toBe(0);
    expect(pickNextFile(costs, sizes, state({ pdfActive: 0 }), pdfLimits, isPdf)).toBe(3);
    // Only PDFs are left within the lookahead: nothing starts until the running one ends.
    const started = new Set([0, 2]);
    expect(
      pickNextFile(costs, sizes, state({ started, active: 1, pdfActive: 1 }), pdfLimits, [
        false,
        true,
        false,
        true,
      ]),
    ).toBeUndefined();
    // Without the limit, PDFs start like any file.
    expect(pickNextFile(costs, sizes, state({ pdfActive: 5 }), limits, isPdf)).toBe(3);
  });

  it("gives PDFs as many threads as their share of the cost needs, at least one", () => {
    expect(pdfThreadsFor([8, 1, 1], [false, false, false], 2)).toBe(0);
    expect(pdfThreadsFor([3, 7], [true, false], 2)).toBe(1);
    expect(pdfThreadsFor([8, 1, 1], [true, false, false], 2)).toBe(2);
    expect(pdfThreadsFor([3, 7], [true, false], 4)).toBe(2);
    expect(pdfThreadsFor([0, 7], [true, false], 4)).toBe(1);
    expect(pdfThreadsFor([0], [true], 1)).toBe(1);
    const { costs: fileCost, isPdf } = fileCosts(["a.pdf", "b.md", "c.PDF", "d.bin"], [1, 8, 1, 2]);
    expect(isPdf).toEqual([true, false, true, false]);
    expect(fileCost).toEqual([estimateCost(1, "pdf"), 8, estimateCost(1, "pdf"), 2]);
  });

  it("sends a PDF to the least busy lane that loads PDFs, other work to the least busy lane", () => {
    const lanes = [
      { name: "pdf", pending: 2, loadsPdf: true },
      { name: "a", pending: 1, loadsPdf: false },
      { name: "b", pending: 1, loadsPdf: false },
    ];
    expect(chooseLane(lanes, true).name).toBe("pdf");
    // A tie goes to the last lane, away from the one that loads PDFs.
    expect(chooseLane(lanes, false).name).toBe("b");
    lanes[0]!.pending = 0;
    expect(chooseLane(lanes, false).name).toBe("pdf");
    // No lane loads PDFs (the run had none by name): any lane takes a PDF.
    const plain = lanes.map((lane) => ({ ...lane, loadsPdf: false }));
    plain[0]!.pending = 3;
    expect(chooseLane(plain, true).name).toBe("b");
    expect(() => chooseLane([], false)).toThrow(/no worker threads/);
  });

  it("weights a PDF byte above a text byte", () => {
    expect(estimateCost(1000, "pdf")).toBeGreaterThan(estimateCost(4000, "markdown"));
    expect(estimateCost(1000, undefined)).toBe(estimateCost(1000, "text"));
  });
});

const docs = fileURLToPath(new URL("../../fixtures/docs", import.meta.url));
const load = { chunkSize: 300, chunkOverlap: 0 };

/** Loads on this thread; each file waits `delayMs(source)` first, so files finish out of order. */
function fakeScanner(delayMs: (source: string) => number, starts: string[]): ChunkScanner {
  const scan = (text: string): ChunkScan => ({
    sanitized: text,
    valid: { Fake: !text.toLowerCase().includes("ignore") },
    scores: { Fake: text.toLowerCase().includes("ignore") ? 1 : 0 },
    vaultEntries: [],
  });
  return {
    mode: "workers",
    async scanBatch(texts) {
      return texts.map(scan);
    },
    async processFile(request: LoadRequest): Promise<FileOutcome> {
      starts.push(request.source);
      await new Promise((resolve) => setTimeout(resolve, delayMs(request.source)));
      const loaded = await loadChunks(request, load);
      if (loaded.kind !== "loaded") return loaded;
      const { kind: _kind, chunks, ...header } = loaded;
      const source = {
        read: async (from: number, to: number) => chunks.slice(from, to),
        release() {},
      };
      return { kind: "held", header: { ...header, chunks: chunks.length }, source };
    },
    async close() {},
  };
}

describe("runIngest scheduling", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-schedule-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function run(name: string, scanner: ChunkScanner, window: number, maxHeldBytes?: number) {
    const { files, skipped } = await walkInputs([docs]);
    const outDir = join(dir, name);
    const { report } = await runIngest({
      inputs: [docs],
      files,
      skipped,
      outDir,
      ...load,
      scanner,
      ignoreInvalid: [],
      settings: {
        chunk_size: load.chunkSize,
        chunk_overlap: 0,
        scanners: ["Fake"],
        scanner_configs: [{ type: "Fake", params: {} }],
        ignore_invalid: [],
        scanning: "workers",
        workers: window,
      },
      vault: new Vault(),
      done: new Map(),
      logger: silentLogger,
      progress: createProgress(files.length, false),
      signal: new AbortController().signal,
      window,
      ...(maxHeldBytes === undefined ? {} : { maxHeldBytes }),
    });
    const read = (file: string) => readFile(join(outDir, file), "utf8");
    return {
      files,
      report,
      chunks: await read("chunks.jsonl"),
      dropped: await read("dropped.jsonl"),
    };
  }

  it("starts a heavy file first and still writes in walk order, as one file at a time does", async () => {
    const sequentialStarts: string[] = [];
    const sequential = await run(
      "one",
      fakeScanner(() => 0, sequentialStarts),
      1,
      0,
    );
    const starts: string[] = [];
    // The PDF (the costliest file) answers last of all.
    const slowPdf = (source: string) => (source.endsWith(".pdf") ? 150 : 0);
    const scheduled = await run("many", fakeScanner(slowPdf, starts), 3);
    expect(sequentialStarts).toEqual(sequential.files.map((file) => file.source));
    expect(starts[0]).toBe("manual/tidewater-admin-manual.pdf");
    expect(starts).not.toEqual(sequentialStarts);
    expect([...starts].sort()).toEqual([...sequentialStarts].sort());
    expect(scheduled.chunks).toBe(sequential.chunks);
    expect(scheduled.dropped).toBe(sequential.dropped);
    expect(scheduled.chunks.length).toBeGreaterThan(1000);
    expect(scheduled.dropped).not.toBe("");
    const sources = (jsonl: string) => [
      ...new Set(
        jsonl
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line).metadata.source),
      ),
    ];
    expect(sources(scheduled.chunks)).toEqual(
      sequential.files
        .map((file) => file.source)
        .filter((s) => sources(scheduled.chunks).includes(s)),
    );
    expect(scheduled.report.files.map((file) => file.source)).toEqual(
      sequential.report.files.map((file) => file.source),
    );
  });
});
