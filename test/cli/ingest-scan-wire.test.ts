import { describe, expect, it } from "vitest";
import type { ChunkScan } from "../../cli/ingest/chunk-scanner.js";
import { createIngestTask } from "../../cli/ingest/ingest-task.js";
import { fromWireScans, toWireScan } from "../../cli/ingest/scan-wire.js";

const scanOf = (sanitized: string): ChunkScan => ({
  sanitized,
  valid: { Fake: true },
  scores: { Fake: 0 },
  vaultEntries: [],
});

describe("chunk scans on the wire", () => {
  it("leaves out a sanitized text that is the chunk's own, and puts it back", () => {
    const texts = ["plain text", "Mail a@b.io"];
    const scans = [scanOf("plain text"), scanOf("Mail [REDACTED_EMAIL_ADDRESS_1]")];
    const wire = texts.map((text, index) => toWireScan(text, scans[index]!));
    expect(wire.map((scan) => scan.sanitized)).toEqual([null, "Mail [REDACTED_EMAIL_ADDRESS_1]"]);
    expect(fromWireScans(texts, structuredClone(wire))).toEqual(scans);
  });

  it("keeps an empty sanitized text that differs from the chunk", () => {
    const wire = toWireScan("text", scanOf(""));
    expect(wire.sanitized).toBe("");
    expect(fromWireScans(["text"], [wire])[0]?.sanitized).toBe("");
  });

  it("is what an ingest worker's scan task answers", async () => {
    const run = createIngestTask({ chunkSize: 200, chunkOverlap: 0 }, async (text) =>
      scanOf(text.replace("secret", "[X]")),
    );
    const output = await run({ kind: "scan", texts: ["same", "a secret"] });
    if (!output.ok || output.kind !== "scan") throw new Error("scan task failed");
    expect(output.scans.map((scan) => scan.sanitized)).toEqual([null, "a [X]"]);
  });
});
