import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestReport } from "../../cli/ingest/report.js";
import { readExpected } from "../fixtures/expected.js";
import { type CliResult, runCli } from "../helpers/run-cli.js";

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
}

async function readJsonl(path: string): Promise<ChunkLine[]> {
  const text = await readFile(path, "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as ChunkLine);
}

describe("ingest-cli on fixtures/docs (default scanners, 2 worker threads)", async () => {
  const expected = await readExpected();
  let dir: string;
  let out: string;
  let result: CliResult;
  let report: IngestReport;
  let kept: ChunkLine[];
  let dropped: ChunkLine[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "ragguard-ingest-e2e-"));
    out = join(dir, "out");
    result = await runCli(
      "ingest-cli",
      [docsDir, "--out", out, "--workers", "2", "--vault", join(dir, "vault.json"), "--json"],
      { timeoutMs: 120_000 },
    );
    report = JSON.parse(result.stdout) as IngestReport;
    kept = await readJsonl(join(out, "chunks.jsonl"));
    dropped = await readJsonl(join(out, "dropped.jsonl"));
  }, 150_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("exits 0 and reports every file loaded, with counts that match the outputs", () => {
    expect(result.code, result.stderr).toBe(0);
    expect(report.status).toBe("done");
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
      expect(result.stderr).toContain(`"source":"${item.source}","chunk":${match!.metadata.chunk}`);
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

  it("leaves only the three outputs (temporary files were renamed into place)", async () => {
    expect((await readdir(out)).sort()).toEqual(["chunks.jsonl", "dropped.jsonl", "report.json"]);
  });

  it("--resume skips every finished file and writes the same outputs", async () => {
    const before = await readFile(join(out, "chunks.jsonl"), "utf8");
    const droppedBefore = await readFile(join(out, "dropped.jsonl"), "utf8");
    const args = [docsDir, "--out", out, "--workers", "0", "--resume", "--json", "--quiet"];
    const again = await runCli("ingest-cli", args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe("");
    const resumed = JSON.parse(again.stdout) as IngestReport;
    expect(resumed.totals).toMatchObject({ resumed: expected.files, loaded: 0, kept: kept.length });
    expect(resumed.dropped_by_scanner).toEqual(report.dropped_by_scanner);
    expect(await readFile(join(out, "chunks.jsonl"), "utf8")).toBe(before);
    expect(await readFile(join(out, "dropped.jsonl"), "utf8")).toBe(droppedBefore);
    const changed = await runCli("ingest-cli", [...args, "--chunk-size", "500"]);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/--resume: .* was made with chunk_size 1000, this run has 500/);
    expect(await readFile(join(out, "chunks.jsonl"), "utf8")).toBe(before);
  });
});
