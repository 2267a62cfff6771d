import { describe, expect, it } from "vitest";
import { createChunkVault } from "../../src/ingest/chunk-vault.js";
import { createChunkScanTask } from "../../src/ingest/scan-chunk.js";
import { buildScanners } from "../../src/scanners/registry.js";

describe("createChunkVault", () => {
  it("gives every chunk a fresh vault behind the same handle", async () => {
    const { vault, run } = createChunkVault();
    const first = await run(async (own) => {
      vault.append(["[A_1]", "alpha"]);
      return own.get();
    });
    const second = await run(async (own) => {
      expect(vault.lookup("[A_1]")).toBeUndefined();
      vault.append(["[A_1]", "beta"]);
      return own.get();
    });
    expect(first).toEqual([["[A_1]", "alpha"]]);
    expect(second).toEqual([["[A_1]", "beta"]]);
  });

  it("refuses a second chunk while one is running, and recovers after a failure", async () => {
    const { run } = createChunkVault();
    let release = (): void => {};
    const running = run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(run(async () => 1)).rejects.toThrow(/already being scanned/);
    release();
    await running;
    await expect(run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(run(async () => 2)).resolves.toBe(2);
  });
});

describe("createChunkScanTask", () => {
  it("numbers each chunk's placeholders from 1 and returns only that chunk's redactions", async () => {
    const scan = createChunkScanTask((vault) =>
      buildScanners([{ type: "Anonymize" }], { vault, source: "scanners" }),
    );
    const one = await scan("Write to jane.doe@example.com today.");
    const two = await scan("Write to max.mustermann@example.org today.");
    expect(one.vaultEntries).toEqual([["[REDACTED_EMAIL_ADDRESS_1]", "jane.doe@example.com"]]);
    expect(two.vaultEntries).toEqual([
      ["[REDACTED_EMAIL_ADDRESS_1]", "max.mustermann@example.org"],
    ]);
  });
});
