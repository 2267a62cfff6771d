import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cachedIngestionCorpus,
  corpusFormats,
  generateIngestionCorpus,
  type IngestionCorpus,
} from "../../bench/ingestion-corpus.js";
import { loadFile } from "../../loaders/index.js";

const targetBytes = 240_000;
let dir: string;
let first: IngestionCorpus;

/** Relative path -> SHA-256 of every file under `root`. */
async function fingerprint(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const result: Record<string, string> = {};
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    result[relative(root, path)] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return result;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ragguard-bench-corpus-"));
  first = await generateIngestionCorpus({ dir: join(dir, "a"), seed: 5, targetBytes });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("generateIngestionCorpus", () => {
  it("writes the same files for the same seed and different ones for another seed", async () => {
    const again = await generateIngestionCorpus({ dir: join(dir, "b"), seed: 5, targetBytes });
    const other = await generateIngestionCorpus({ dir: join(dir, "c"), seed: 6, targetBytes });
    const a = await fingerprint(join(dir, "a"));
    expect(Object.keys(a).length).toBe(first.files);
    expect(await fingerprint(join(dir, "b"))).toEqual(a);
    expect(again).toEqual({ ...first, dir: join(dir, "b") });
    expect(await fingerprint(join(dir, "c"))).not.toEqual(a);
    expect(other.bytes).not.toBe(first.bytes);
  }, 60_000);

  it("reaches the requested size, and its counts match the files on disk", async () => {
    const sizes = await Promise.all(
      Object.keys(await fingerprint(first.dir)).map(async (path) => ({
        path,
        bytes: (await stat(join(first.dir, path))).size,
      })),
    );
    const onDisk = sizes.reduce((sum, file) => sum + file.bytes, 0);
    expect(onDisk).toBe(first.bytes);
    expect(first.bytes).toBeGreaterThanOrEqual(targetBytes);
    // It stops at the first file past the target: at most one file (<= 1.5 x 6 KB here) over.
    expect(first.bytes).toBeLessThan(targetBytes + 12_000);
    const perFormat = Object.values(first.formats).reduce((sum, entry) => sum + entry.bytes, 0);
    expect(perFormat).toBe(first.bytes);
  });

  it("writes every format, each loadable by the project's loaders, with PII and planted lines", async () => {
    expect(Object.keys(first.formats).sort()).toEqual(Object.keys(corpusFormats).sort());
    let text = "";
    for (const format of Object.keys(corpusFormats)) {
      const name = (await readdir(join(first.dir, format)))[0]!;
      expect(name.endsWith(`.${format}`)).toBe(true);
      const outcome = await loadFile(join(first.dir, format, name), { source: name });
      if (!outcome.ok) throw new Error(`${name}: ${outcome.message}`);
      expect(outcome.documents.length).toBeGreaterThan(0);
      for (const document of outcome.documents) text += `${document.pageContent}\n`;
    }
    expect(text).not.toMatch(/<p>|<script>|window\.analytics|"author"/);
    expect(text).toMatch(/The (operator|service|parser|committee|gardener)/);
    const all = (
      await Promise.all(
        Object.keys(await fingerprint(first.dir))
          .filter((path) => !path.endsWith(".pdf"))
          .map((path) => readFile(join(first.dir, path), "utf8")),
      )
    ).join("\n");
    expect(all).toMatch(/@example\.(org|com)/);
    expect(all).toMatch(/Ignore all previous instructions|disregard the rules above/);
  }, 60_000);
});

describe("cachedIngestionCorpus", () => {
  it("generates once, then reuses the cached corpus untouched", async () => {
    const cacheRoot = join(dir, "cache");
    const made = await cachedIngestionCorpus({ seed: 5, targetBytes, cacheRoot });
    expect(made.cached).toBe(false);
    expect(made.dir).toBe(join(cacheRoot, `5-${targetBytes}`, "files"));
    expect(await fingerprint(made.dir)).toEqual(await fingerprint(first.dir));
    const before = (await stat(join(made.dir, "md"))).mtimeMs;
    const reused = await cachedIngestionCorpus({ seed: 5, targetBytes, cacheRoot });
    expect(reused).toEqual({ ...made, cached: true });
    expect((await stat(join(made.dir, "md"))).mtimeMs).toBe(before);
    expect(await readdir(cacheRoot)).toEqual([`5-${targetBytes}`]);
  }, 60_000);
});
