import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../src/common/logger.js";
import type { IngestProgressEvent, IngestReport } from "../../src/ingest/index.js";
import { ingest } from "../../src/ingest/index.js";
import { readExpected } from "../fixtures/expected.js";

const docsDir = fileURLToPath(new URL("../../fixtures/docs", import.meta.url));

interface ChunkLine {
  id: string;
  page_content: string;
  metadata: {
    source: string;
    chunk: number;
    guard: { scores: Record<string, number>; redacted?: string[] };
  };
  scores?: Record<string, number>;
  reasons?: string[];
  spans?: Record<string, Array<{ start: number; end: number; score: number }>>;
}

async function readJsonl(path: string): Promise<ChunkLine[]> {
  const text = await readFile(path, "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as ChunkLine);
}

/** A logger that keeps each warning as one JSON line (fields, then `msg`). */
function recordingLogger(lines: string[]): Logger {
  const keep = (obj: object, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
  return { debug() {}, info() {}, warn: keep, error: keep };
}

describe("ingest() on fixtures/docs (default scanners, 2 worker threads)", async () => {
  const expected = await readExpected();
  let dir: string;
  let out: string;
  let report: IngestReport;
  const warnings: string[] = [];
  const events: IngestProgressEvent[] = [];
  let kept: ChunkLine[];
  let dropped: ChunkLine[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-ingest-e2e-"));
    out = join(dir, "out");
    report = await ingest([docsDir], {
      outDir: out,
      workers: 2,
      vaultFile: join(dir, "vault.json"),
      logger: recordingLogger(warnings),
      onProgress: (event) => events.push(event),
    });
    kept = await readJsonl(join(out, "chunks.jsonl"));
    dropped = await readJsonl(join(out, "dropped.jsonl"));
  }, 150_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reports every file loaded, with counts that match the outputs and report.json", async () => {
    expect(report.status).toBe("done");
    expect(JSON.parse(await readFile(join(out, "report.json"), "utf8"))).toEqual(report);
    expect(report.totals).toMatchObject({
      files: expected.files,
      loaded: expected.files,
      skipped: 0,
    });
    expect(report.totals.kept).toBe(kept.length);
    expect(report.totals.dropped).toBe(dropped.length);
    expect(report.totals.chunks).toBe(kept.length + dropped.length);
    expect(report.settings).toMatchObject({
      chunk_size: 1000,
      chunk_overlap: 0,
      scanning: "workers",
      workers: 2,
    });
    expect(report.throughput.mb_per_second).toBeGreaterThan(0);
    expect(
      Object.values(report.dropped_by_scanner).reduce((a, b) => a + b, 0),
    ).toBeGreaterThanOrEqual(dropped.length);
  });

  it("writes chunks of at most 1000 characters with stable ids and guard scores", () => {
    for (const chunk of kept) {
      // Placeholders can be longer than what they replace; only redacted chunks may grow.
      const limit = chunk.metadata.guard.redacted ? 1100 : 1000;
      expect(chunk.page_content.length).toBeLessThanOrEqual(limit);
      expect(chunk.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Object.keys(chunk.metadata.guard.scores)).toEqual([
        "InvisibleText",
        "Secrets",
        "Anonymize",
        "Toxicity",
        "PromptInjection",
      ]);
    }
    expect(new Set([...kept, ...dropped].map((chunk) => chunk.id)).size).toBe(
      kept.length + dropped.length,
    );
  });

  it("drops every planted injection and toxic passage with its reason, and logs a warning", () => {
    for (const item of expected.drop) {
      const match = dropped.find(
        (chunk) =>
          chunk.metadata.source === item.source && chunk.page_content.includes(item.contains),
      );
      expect(match, `${item.source}: "${item.contains}" should be dropped`).toBeDefined();
      expect(match!.reasons).toContain(item.reason);
      expect(match!.scores![item.reason]).toBeGreaterThan(0.5);
      expect(warnings.join("\n")).toContain(
        `"source":"${item.source}","chunk":${match!.metadata.chunk}`,
      );
    }
  });

  it("redacts personal data, secrets and invisible text from every output and keeps those chunks", async () => {
    const everything = [
      await readFile(join(out, "chunks.jsonl"), "utf8"),
      await readFile(join(out, "dropped.jsonl"), "utf8"),
    ].join("");
    for (const item of expected.redact) {
      expect(everything.includes(item.value), `${item.source}: ${item.value} leaked`).toBe(false);
      expect(JSON.stringify(everything).includes(JSON.stringify(item.value).slice(1, -1))).toBe(
        false,
      );
      const redacted = kept.filter(
        (chunk) =>
          chunk.metadata.source === item.source &&
          chunk.metadata.guard.redacted?.includes(item.scanner),
      );
      expect(
        redacted.length,
        `${item.source}: a kept chunk redacted by ${item.scanner}`,
      ).toBeGreaterThan(0);
    }
  });

  it("gives the same e-mail the same placeholder in different files and saves the vault 0600", async () => {
    const { value, sources } = expected.same_placeholder;
    const vault = JSON.parse(await readFile(join(dir, "vault.json"), "utf8")) as {
      entries: [string, string][];
    };
    const placeholders = vault.entries.filter(([, original]) => original === value).map(([p]) => p);
    expect(placeholders).toHaveLength(1);
    for (const source of sources) {
      const inFile = kept.filter((chunk) => chunk.metadata.source === source);
      expect(
        inFile.some((chunk) => chunk.page_content.includes(placeholders[0]!)),
        source,
      ).toBe(true);
    }
    expect((await stat(join(dir, "vault.json"))).mode & 0o777).toBe(0o600);
  });

  it("keeps hard negatives and every chunk of the clean files", () => {
    for (const item of expected.keep) {
      const match = kept.find(
        (chunk) =>
          chunk.metadata.source === item.source && chunk.page_content.includes(item.contains),
      );
      expect(match, `${item.source}: "${item.contains}" should be kept`).toBeDefined();
    }
    const known = new Set(expected.known_false_drops.map((item) => `${item.source}#${item.chunk}`));
    const falseDrops = dropped.filter(
      (chunk) =>
        expected.keep_all.includes(chunk.metadata.source) &&
        !known.has(`${chunk.metadata.source}#${chunk.metadata.chunk}`),
    );
    expect(
      falseDrops.map(
        (chunk) => `${chunk.metadata.source}#${chunk.metadata.chunk} ${chunk.reasons}`,
      ),
    ).toEqual([]);
  });

  it("leaves only the four outputs (temporary files were renamed into place)", async () => {
    expect((await readdir(out)).sort()).toEqual([
      "chunks.jsonl",
      "dropped.jsonl",
      "report.html",
      "report.json",
    ]);
  });

  it("carries PromptInjection's spans into dropped.jsonl and the report, on the written text", () => {
    const located = dropped.filter((line) => line.reasons?.includes("PromptInjection"));
    expect(located.length).toBe(report.dropped_by_scanner.PromptInjection);
    for (const line of located) {
      const spans = line.spans?.PromptInjection ?? [];
      expect(spans.length).toBeGreaterThan(0);
      for (const span of spans) {
        // A span is a sentence of the written (redacted, renumbered) text: it starts on a word.
        expect(line.page_content.slice(span.start, span.end)).toMatch(/^\S[\s\S]*\S$/);
      }
    }
    expect(report.dropped_chunks?.map((chunk) => chunk.id)).toEqual(dropped.map((line) => line.id));
    expect(report.dropped_chunks?.map((chunk) => chunk.spans)).toEqual(
      dropped.map((line) => line.spans),
    );
  });

  it("counts every chunk's score once per scanner in the histograms", () => {
    for (const name of report.settings.scanners) {
      const bins = report.score_histograms?.[name] ?? [];
      expect(bins).toHaveLength(10);
      expect(bins.reduce((total, value) => total + value, 0)).toBe(report.totals.chunks);
    }
    const high = [...kept, ...dropped].filter(
      (line) => (line.scores ?? line.metadata.guard.scores).PromptInjection! >= 0.9,
    );
    expect(report.score_histograms?.PromptInjection?.[9]).toBe(high.length);
  });

  it("tells progress: the file count first, each file in walk order, then the outputs", () => {
    expect(events[0]).toEqual({ type: "start", files: expected.files });
    const files = events.filter((event) => event.type === "file");
    expect(files.map((event) => event.done)).toEqual(
      Array.from({ length: expected.files }, (_, index) => index + 1),
    );
    expect(files.map((event) => event.file.source)).toEqual(
      report.files.map((file) => file.source),
    );
    expect(events.at(-1)).toEqual({
      type: "done",
      report,
      outputs: ["chunks.jsonl", "dropped.jsonl", "report.json", "report.html"].map((name) =>
        join(out, name),
      ),
    });
  });

  it("resume skips every finished file and writes the same outputs", async () => {
    const before = await readFile(join(out, "chunks.jsonl"), "utf8");
    const droppedBefore = await readFile(join(out, "dropped.jsonl"), "utf8");
    const resumed = await ingest([docsDir], { outDir: out, workers: 0, resume: true });
    expect(resumed.totals).toMatchObject({ resumed: expected.files, loaded: 0, kept: kept.length });
    expect(resumed.dropped_by_scanner).toEqual(report.dropped_by_scanner);
    expect(resumed.dropped_chunks).toEqual(report.dropped_chunks);
    expect(resumed.score_histograms).toEqual(report.score_histograms);
    expect(await readFile(join(out, "chunks.jsonl"), "utf8")).toBe(before);
    expect(await readFile(join(out, "dropped.jsonl"), "utf8")).toBe(droppedBefore);
    await expect(
      ingest([docsDir], { outDir: out, workers: 0, resume: true, chunkSize: 500 }),
    ).rejects.toThrow(/--resume: .* was made with chunk_size 1000, this run has 500/);
    expect(await readFile(join(out, "chunks.jsonl"), "utf8")).toBe(before);
  });
});

describe("ingest() options", () => {
  it("names a bad option, an impossible chunking and a missing input", async () => {
    await expect(ingest([docsDir], { chunkSize: 0 })).rejects.toThrow(/chunkSize/);
    await expect(ingest([docsDir], { chunkSize: 100, chunkOverlap: 100 })).rejects.toThrow(
      /chunkOverlap must be smaller than chunkSize/,
    );
    await expect(ingest([docsDir], { outdir: "x" } as never)).rejects.toThrow(/outdir/);
    await expect(ingest([docsDir], { guardUrl: "ftp://x" })).rejects.toThrow(/http\(s\) URL/);
    await expect(ingest([join(docsDir, "missing")])).rejects.toThrow(/no such file/);
    await expect(ingest([])).rejects.toThrow(/at least one file/);
  });
});
