import { createReadStream } from "node:fs";
import { mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestReport } from "../../src/ingest/report.js";
import { runCli } from "../helpers/run-cli.js";

const targetBytes = 200 * 1024 * 1024;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ragguard-large-"));
  const handle = await open(join(dir, "docs-big.txt"), "w");
  const paragraph = `${"The operator checks the maintenance log before the weekly review and records every value. ".repeat(11)}\n\n`;
  const block = paragraph.repeat(1000);
  for (let written = 0; written < targetBytes; written += block.length) await handle.write(block);
  await handle.close();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ingest of a 200 MB text file", () => {
  it("chunks all of it: every chunk in chunks.jsonl, none over 1000 characters, bytes counted", async () => {
    const out = join(dir, "out");
    const input = join(dir, "docs-big.txt");
    const result = await runCli(
      "ingest-cli",
      [input, "--out", out, "--workers", "0", "--scanners", "InvisibleText", "--quiet"],
      { timeoutMs: 180_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(out, "report.json"), "utf8")) as IngestReport;
    expect(report.totals.bytes).toBe((await stat(input)).size);
    let lines = 0;
    let longest = 0;
    let characters = 0;
    const reader = createInterface({ input: createReadStream(join(out, "chunks.jsonl")) });
    for await (const line of reader) {
      const chunk = JSON.parse(line) as { page_content: string };
      lines += 1;
      longest = Math.max(longest, chunk.page_content.length);
      characters += chunk.page_content.length;
    }
    expect(lines).toBe(report.totals.chunks);
    expect(report.totals.kept).toBe(report.totals.chunks);
    expect(longest).toBeLessThanOrEqual(1000);
    // Only the blank lines between paragraphs are left out by the splitter.
    expect(characters).toBeGreaterThan(targetBytes * 0.99);
  }, 240_000);
});
