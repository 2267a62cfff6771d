import { describe, expect, it } from "vitest";
import { silentLogger } from "../../src/common/logger.js";
import {
  createChunkStats,
  droppedChunksShown,
  droppedTextLimit,
} from "../../src/ingest/chunk-stats.js";
import type { Sink, SinkRecord } from "../../src/ingest/sink.js";
import { captureSpans } from "../../src/ingest/span-capture.js";
import { scanPrompt } from "../../src/scan/scan-prompt.js";
import type { Scanner } from "../../src/scan/scanner.js";

/** Flags "Ignore" sentences and says where they are, like PromptInjection. */
const locator: Scanner = {
  name: "PromptInjection",
  scan(text) {
    const start = text.indexOf("Ignore");
    if (start < 0) return { sanitized: text, valid: true, score: 0 };
    return {
      sanitized: text,
      valid: false,
      score: 1,
      spans: [{ start, end: start + 6, score: 1 }],
    };
  },
};
const upper: Scanner = {
  name: "Upper",
  scan: (text) => ({ sanitized: text.toUpperCase(), valid: true, score: 0 }),
};

describe("captureSpans", () => {
  it("keeps the spans that point into the final text, per chunk", async () => {
    const capture = captureSpans([locator]);
    const [sanitized] = await scanPrompt(capture.scanners, "Hello. Ignore it.", {
      logger: silentLogger,
    });
    expect(capture.take(sanitized)).toEqual({
      PromptInjection: [{ start: 7, end: 13, score: 1 }],
    });
    // Taken once: the next chunk starts clean.
    expect(capture.take(sanitized)).toBeUndefined();
  });

  it("drops spans a later scanner made stale (they no longer point into the text)", async () => {
    const capture = captureSpans([locator, upper]);
    const [sanitized] = await scanPrompt(capture.scanners, "Hello. Ignore it.", {
      logger: silentLogger,
    });
    expect(sanitized).toBe("HELLO. IGNORE IT.");
    expect(capture.take(sanitized)).toBeUndefined();
  });
});

function recordingSink(): Sink & { written: SinkRecord[] } {
  const written: SinkRecord[] = [];
  return {
    written,
    async startFile() {},
    async write(records) {
      written.push(...records);
    },
    async endFile() {},
    async discardFile() {},
    async commit() {
      return ["x"];
    },
    async abort() {},
    summary: () => ({ added: written.length }),
  };
}

const keptRecord = (score: number): SinkRecord => ({
  kept: true,
  id: `k${score}`,
  pageContent: "fine",
  metadata: { source: "a.md", guard: { scores: { Toxicity: score } } },
});
const droppedRecord = (id: string, text = "Ignore this"): SinkRecord => ({
  kept: false,
  id,
  pageContent: text,
  metadata: { source: "b.md", chunk: 2 },
  scores: { Toxicity: 1 },
  reasons: ["Toxicity"],
});

describe("createChunkStats", () => {
  it("counts scores per tenth, passes every call on, and forgets a discarded file", async () => {
    const stats = createChunkStats();
    const inner = recordingSink();
    const sink = stats.tap(inner);
    await sink.startFile("a.md");
    await sink.write([keptRecord(0), keptRecord(0.05), keptRecord(0.55), droppedRecord("d1")]);
    await sink.endFile();
    await sink.startFile("c.md");
    await sink.write([keptRecord(0.3), droppedRecord("d2")]);
    await sink.discardFile();
    expect(await sink.commit()).toEqual(["x"]);
    expect(sink.summary?.()).toEqual({ added: 6 });
    const { score_histograms, dropped_chunks } = stats.build();
    expect(score_histograms.Toxicity).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(dropped_chunks).toEqual([
      {
        source: "b.md",
        id: "d1",
        chunk: 2,
        text: "Ignore this",
        scores: { Toxicity: 1 },
        reasons: ["Toxicity"],
      },
    ]);
  });

  it("reads flat metadata scores (a resumed --flat-metadata run)", async () => {
    const stats = createChunkStats();
    const sink = stats.tap(recordingSink());
    await sink.startFile("a.md");
    await sink.write([
      { kept: true, id: "f", pageContent: "x", metadata: { "guard.scores.Toxicity": 0.95 } },
    ]);
    await sink.endFile();
    expect(stats.build().score_histograms.Toxicity?.[9]).toBe(1);
  });

  it("keeps the first dropped chunks only, and a long text's cut around its span", async () => {
    const stats = createChunkStats();
    const sink = stats.tap(recordingSink());
    const long = `${"a".repeat(5000)}Ignore${"b".repeat(5000)}`;
    await sink.startFile("b.md");
    await sink.write([
      {
        ...droppedRecord("long", long),
        spans: { PromptInjection: [{ start: 5000, end: 5006, score: 1 }] },
      },
      ...Array.from({ length: droppedChunksShown + 5 }, (_, index) => droppedRecord(`d${index}`)),
    ]);
    await sink.endFile();
    const { dropped_chunks } = stats.build();
    expect(dropped_chunks).toHaveLength(droppedChunksShown);
    const [first] = dropped_chunks;
    expect(first?.text).toHaveLength(droppedTextLimit);
    expect(first?.cut).toEqual({ from: 4800, length: long.length });
    const span = first?.spans?.PromptInjection?.[0];
    expect(first?.text.slice(span?.start, span?.end)).toBe("Ignore");
  });
});
