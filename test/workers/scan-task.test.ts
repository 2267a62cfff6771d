import { describe, expect, it } from "vitest";
import { createScanTask, parseScanWorkerData } from "../../src/workers/scan-task.js";
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

  it("parses the worker data and rejects anything else", () => {
    expect(parseScanWorkerData({ scanners: [{ type: "Regex", params: {} }] }).scanners).toEqual([
      { type: "Regex", params: {} },
    ]);
    expect(() => parseScanWorkerData({ scanners: "Regex" })).toThrow();
  });
});
