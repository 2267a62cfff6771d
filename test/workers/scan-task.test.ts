import { describe, expect, it } from "vitest";
import type { Scanner } from "../../src/scan/scanner.js";
import {
  createScanTask,
  parseScanWorkerData,
  warmUpScanTask,
} from "../../src/workers/scan-task.js";
import { createTestScanner } from "./support/test-registry.js";

describe("createScanTask", () => {
  const run = createScanTask(
    [{ type: "Regex", params: { patterns: ["secret"] } }, { type: "Email" }],
    createTestScanner,
  );

  it("builds the scanners once and keeps vaults apart between overlapping tasks", async () => {
    const outs = await Promise.all(
      ["a@x.io", "b@x.io", "c@x.io"].map((email) =>
        run({ text: `mail ${email}`, mode: "analyze", failFast: false, suppress: [] }),
      ),
    );
    for (const out of outs)
      expect(out).toMatchObject({ ok: true, sanitized: "mail [REDACTED_EMAIL_1]" });
  });

  it("returns an empty result for empty text and a flattened error for a bad config", async () => {
    const empty = await run({ text: "  ", mode: "scan", failFast: false, suppress: [] });
    expect(empty).toMatchObject({ ok: true, valid: {}, scores: {} });
    const broken = createScanTask([{ type: "Unknown" }], createTestScanner);
    const out = await broken({ text: "x", mode: "analyze", failFast: false, suppress: [] });
    expect(out).toMatchObject({ ok: false, code: "config_invalid", status: 500 });
  });

  it("warms up every scanner in both modes before work, and never rejects", async () => {
    const seen: string[] = [];
    const recording: Scanner = {
      name: "Recording",
      scan(text) {
        seen.push(text);
        return { sanitized: text.toUpperCase(), valid: true, score: 0 };
      },
    };
    const built: string[] = [];
    const warmed = createScanTask([{ type: "Recording" }, { type: "Recording" }], (config) => {
      built.push(config.type);
      return recording;
    });
    await warmUpScanTask(warmed);
    expect(built).toEqual(["Recording", "Recording"]);
    // analyze chains (the second scanner sees the first one's output), scan does not.
    expect(seen).toHaveLength(4);
    expect(seen[1]).toBe(seen[0]!.toUpperCase());
    expect(seen[2]).toBe(seen[0]);
    expect(seen[0]).toMatch(/@/);
    const broken = createScanTask([{ type: "Unknown" }], createTestScanner);
    await expect(warmUpScanTask(broken)).resolves.toBeUndefined();
  });

  it("parses the worker data and rejects anything else", () => {
    expect(parseScanWorkerData({ scanners: [{ type: "Regex", params: {} }] }).scanners).toEqual([
      { type: "Regex", params: {} },
    ]);
    expect(() => parseScanWorkerData({ scanners: "Regex" })).toThrow();
  });
});
