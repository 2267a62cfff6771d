import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingest } from "../../../src/ingest/ingest.js";
import type { IngestReport } from "../../../src/ingest/report.js";
import { OpenAICompatibleEmbeddings } from "../../../src/ingest/vector/embeddings.js";
import { LanceDbStore } from "../../../src/ingest/vector/lancedb-store.js";
import { openVectorSink } from "../../../src/ingest/vector/open-vector-sink.js";
import { startFakeEmbeddings } from "./fake-embeddings.js";

interface Line {
  page_content: string;
  metadata: { source: string };
}

const readLines = async (path: string): Promise<Line[]> =>
  (await readFile(path, "utf8"))
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Line);

describe("ingest into LanceDB through an OpenAI-compatible embeddings endpoint", () => {
  let root: string;
  let docs: string;
  let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
  let dropped: Line[];
  let kept: Line[];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ragguard-lancedb-"));
    docs = join(root, "docs");
    await cp("fixtures/docs", docs, { recursive: true });
    await unlink(join(docs, "EXPECTED.json"));
    fake = await startFakeEmbeddings();
    // The JSONL run of the same corpus says which chunks are kept and which dropped.
    await ingest([docs], { outDir: join(root, "jsonl"), workers: 0 });
    dropped = await readLines(join(root, "jsonl", "dropped.jsonl"));
    kept = await readLines(join(root, "jsonl", "chunks.jsonl"));
  });

  afterAll(async () => {
    await fake.close();
    await rm(root, { recursive: true, force: true });
  });

  const run = async (
    cleanup: "none" | "incremental" | "full" = "incremental",
    scanners?: unknown,
  ) => {
    const sink = await openVectorSink({
      to: `lancedb://${join(root, "vectors")}?table=chunks`,
      embeddings: `${fake.baseUrl}#fake-embed`,
      embeddingsKeyEnv: "FAKE_EMBEDDINGS_KEY",
      cleanup,
      scanners: scanners ?? null,
      env: { FAKE_EMBEDDINGS_KEY: "sk-test-embeddings" },
    });
    const report: IngestReport = await ingest([docs], {
      outDir: join(root, "out"),
      workers: 0,
      sink,
    });
    return report;
  };

  const openStore = () =>
    LanceDbStore.open(
      join(root, "vectors"),
      "chunks",
      new OpenAICompatibleEmbeddings({ baseUrl: fake.baseUrl, model: "fake-embed" }),
    );

  it("writes the kept chunks with their vectors, none of the dropped ones, and answers a query", async () => {
    expect(dropped.length).toBeGreaterThan(0);
    const report = await run();
    expect(report.sink).toMatchObject({ added: kept.length, skipped: 0, deleted: 0 });
    expect(fake.seen.texts).toBe(kept.length);
    expect(fake.seen.authorization.every((value) => value === "Bearer sk-test-embeddings")).toBe(
      true,
    );
    const store = await openStore();
    expect(await store.count()).toBe(kept.length);
    const all = await store.similaritySearch("anything", kept.length + dropped.length);
    const texts = new Set(all.map((doc) => doc.pageContent));
    for (const line of dropped) expect(texts.has(line.page_content)).toBe(false);
    for (const line of kept) expect(texts.has(line.page_content)).toBe(true);
    // A query made of one kept chunk's words finds that chunk first.
    const target = kept.find((line) => line.page_content.length > 300)!;
    const [top] = await store.similaritySearch(target.page_content, 1);
    expect(top?.pageContent).toBe(target.page_content);
    expect(top?.metadata.source).toBe(target.metadata.source);
    // Attacker's view: an injection's own words do not pull a dropped chunk out of the store.
    const [probe] = await store.similaritySearch(dropped[0]!.page_content, 3);
    expect(probe?.pageContent).not.toBe(dropped[0]!.page_content);
  });

  it("embeds and writes nothing on a second run over the same folder", async () => {
    const before = fake.seen.texts;
    const report = await run();
    expect(report.sink).toMatchObject({ added: 0, skipped: kept.length, deleted: 0 });
    expect(fake.seen.texts).toBe(before);
    expect(await (await openStore()).count()).toBe(kept.length);
  });

  it("replaces only the chunks of an edited file, and removes a deleted file's chunks in full mode", async () => {
    const edited = kept.find((line) => line.metadata.source.endsWith(".md"))!.metadata.source;
    const editedKept = kept.filter((line) => line.metadata.source === edited).length;
    await writeFile(
      join(docs, edited),
      "A short new text about the refund window: thirty days from delivery.\n",
    );
    const before = fake.seen.texts;
    const report = await run();
    expect(report.sink).toMatchObject({ added: 1, deleted: editedKept });
    expect(fake.seen.texts - before).toBe(1);
    const store = await openStore();
    expect(await store.count()).toBe(kept.length - editedKept + 1);
    const [top] = await store.similaritySearch("refund window thirty days delivery", 1);
    expect(top?.pageContent).toContain("thirty days from delivery");

    const gone = kept.find((line) => line.metadata.source !== edited)!.metadata.source;
    const goneKept = kept.filter((line) => line.metadata.source === gone).length;
    await unlink(join(docs, gone));
    const kept1 = await store.count();
    const incremental = await run("incremental");
    expect(incremental.sink).toMatchObject({ added: 0, deleted: 0 });
    const full = await run("full");
    expect(full.sink).toMatchObject({ added: 0, deleted: goneKept });
    expect(await (await openStore()).count()).toBe(kept1 - goneKept);
  });

  it("re-indexes every chunk when the scanner set (the detector version) changes", async () => {
    const count = await (await openStore()).count();
    const scanners = [{ type: "InvisibleText" }, { type: "Secrets" }, { type: "Anonymize" }];
    const report = await run("full", scanners);
    const stats = report.sink as { added: number; deleted: number };
    // Another scanner set keeps other chunks too; every chunk is new to the record.
    expect(stats.added).toBe(report.totals.kept);
    expect(stats.deleted).toBe(count);
  });

  it("retries an endpoint that fails, and counts the retries in the report", async () => {
    const flaky = await startFakeEmbeddings({ failures: 2, failStatus: 500 });
    try {
      const dir = join(root, "one");
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "note.md"), "Opening hours are nine to five on weekdays.\n");
      const sink = await openVectorSink({
        to: `lancedb://${join(root, "flaky")}`,
        embeddings: `${flaky.baseUrl}#m`,
        scanners: null,
        env: {},
      });
      const report = await ingest([dir], { outDir: join(root, "flaky-out"), workers: 0, sink });
      expect(report.sink).toMatchObject({ added: 1, embeddings: { requests: 1, retries: 2 } });
      expect(flaky.seen.failed).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it("names the problem in a bad --to or --embeddings", async () => {
    const spec = { embeddings: `${fake.baseUrl}#m`, scanners: null, env: {} };
    await expect(openVectorSink({ ...spec, to: "lance://x" })).rejects.toThrow(/lancedb:\/\/<dir>/);
    await expect(
      openVectorSink({ ...spec, to: "lancedb://x?table=a;drop", embeddings: `${fake.baseUrl}#m` }),
    ).rejects.toThrow(/table must be/);
    await expect(
      openVectorSink({ ...spec, to: `lancedb://${join(root, "v2")}`, embeddings: fake.baseUrl }),
    ).rejects.toThrow(/<base_url>#<model>/);
  });
});
