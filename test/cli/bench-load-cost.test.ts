import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  corpusFormats,
  generateIngestionCorpus,
  type IngestionCorpus,
} from "../../cli/bench/ingestion-corpus.js";
import { measureLoadCost } from "../../cli/bench/ingestion-load-cost.js";

let dir: string;
let corpus: IngestionCorpus;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ragguard-load-cost-"));
  corpus = await generateIngestionCorpus({ dir, seed: 3, targetBytes: 150_000 });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("bench load cost", () => {
  it("loads and splits every file of every format, and counts CPU", async () => {
    const costs = await measureLoadCost(dir);
    expect(costs.map((cost) => cost.format)).toEqual(Object.keys(corpusFormats));
    for (const cost of costs) {
      expect(cost.files).toBe(corpus.formats[cost.format]?.files);
      expect(cost.bytes).toBe(corpus.formats[cost.format]?.bytes);
      expect(cost.chunks).toBeGreaterThan(0);
      expect(cost.cpuSeconds).toBeGreaterThan(0);
    }
  }, 60_000);
});
