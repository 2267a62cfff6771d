import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogueParams } from "../../bench/catalogue-params.js";
import { labelledRowSchema, parseRows } from "../../src/eval/dataset.js";
import { createOutputScanner } from "../../src/scanners/output-registry.js";
import { Vault } from "../../src/scanners/vault.js";

const dir = fileURLToPath(new URL("../../fixtures/eval/catalogue", import.meta.url));
const rowSchema = labelledRowSchema.extend({ prompt: z.string().optional() });

// The sets behind the quality table in docs/from-llm-guard.md: each must stay usable by
// bench/catalogue-quality.ts (a scanner of that name, valid rows, both labels present).
describe("fixtures/eval/catalogue", () => {
  it("has one usable labelled set per measured scanner", async () => {
    const files = (await readdir(dir)).filter((name) => name.endsWith(".jsonl"));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const name of files) {
      const type = basename(name, ".jsonl");
      const file = join(dir, name);
      const rows = parseRows(await readFile(file, "utf8"), rowSchema, file);
      expect(rows.length, name).toBeGreaterThanOrEqual(12);
      expect(new Set(rows.map((row) => row.label)), name).toEqual(new Set([0, 1]));
      expect(() =>
        createOutputScanner({ type, params: catalogueParams[type] ?? {} }, { vault: new Vault() }),
      ).not.toThrow();
    }
  });
});
