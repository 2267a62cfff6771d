import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { createChunkVault } from "../../cli/ingest/chunk-vault.js";
import { createChunkScanTask } from "../../cli/ingest/scan-chunk.js";
import { tuneWorkerIsolates, workerSemiSpaceMb } from "../../cli/ingest/worker-v8.js";
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

/** The number a fresh worker isolate running `code` (CommonJS, `parentPort` in scope) posts. */
async function workerAnswer(code: string): Promise<number> {
  const worker = new Worker(`const { parentPort } = require("node:worker_threads");\n${code}`, {
    eval: true,
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** The new-space size a fresh worker isolate starts with, in bytes. */
function workerNewSpace(): Promise<number> {
  return workerAnswer(
    `const { getHeapSpaceStatistics } = require("node:v8");
     parentPort.postMessage(getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size);`,
  );
}

/**
 * How many calls of a small hot function a fresh worker isolate makes before TurboFan has compiled
 * it (compiling on the calling thread, so the count does not depend on timing).
 */
function workerCallsToTurbofan(): Promise<number> {
  setFlagsFromString("--allow-natives-syntax");
  setFlagsFromString("--no-concurrent-recompilation");
  return workerAnswer(
    `function hot(values) { let sum = 0; for (let i = 0; i < values.length; i++) sum += values[i] * 3; return sum; }
     const values = Array.from({ length: 100 }, (_, i) => i);
     let calls = 0;
     // Bit 64 of V8's optimization status: the function runs TurboFan code.
     while (calls < 100000 && (%GetOptimizationStatus(hot) & 64) === 0) { hot(values); calls++; }
     parentPort.postMessage(calls);`,
  );
}

describe("tuneWorkerIsolates", () => {
  const before = { newSpace: 0, calls: 0 };
  beforeAll(async () => {
    before.newSpace = await workerNewSpace();
    before.calls = await workerCallsToTurbofan();
    tuneWorkerIsolates();
  });

  it("starts worker isolates created afterwards with the larger semi-space", async () => {
    const after = await workerNewSpace();
    expect(after).toBeGreaterThan(before.newSpace);
    expect(after).toBeGreaterThanOrEqual(workerSemiSpaceMb * 1024 * 1024);
  });

  it("makes worker isolates tier a function up to TurboFan later (the larger interrupt budget)", async () => {
    expect(before.calls).toBeGreaterThan(0);
    const after = await workerCallsToTurbofan();
    expect(after).toBeGreaterThanOrEqual(before.calls * 2);
    expect(after).toBeLessThan(100000);
  });
});
