import { afterAll, describe, expect, it } from "vitest";
import { type AppError, ConfigError } from "../../src/common/errors.js";
import { ScanAbortedError, ScanTimeoutError } from "../../src/workers/errors.js";
import {
  createScanPool,
  type PoolScanOptions,
  type ScanPool,
  type ScanPoolOptions,
} from "../../src/workers/scan-pool.js";
import type { ScannerConfigInput } from "../../src/workers/scan-task.js";
import { createTestScanner } from "./support/test-registry.js";

const workerFile = new URL("./support/test-scan-worker.ts", import.meta.url);
const pools: ScanPool[] = [];

/** A one-thread pool on the test registry; `inline` sets the inline prompt cap (none: off). */
function pool(
  scanners: ScannerConfigInput[],
  inline?: number,
  options: Omit<ScanPoolOptions, "scanners" | "workerFile" | "inline"> = {},
): ScanPool {
  const created = createScanPool({
    scanners,
    workerFile,
    threads: 1,
    ...(inline === undefined
      ? {}
      : { inline: { maxChars: inline, createScanner: createTestScanner } }),
    ...options,
  });
  pools.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.destroy()));
});

/** The answer or the error's wire-relevant fields, so both paths compare with `toEqual`. */
async function answer(target: ScanPool, text: string, options: PoolScanOptions) {
  try {
    const { elapsedMs: _elapsed, ...outcome } = await target.scan(text, options);
    return { outcome };
  } catch (error) {
    const { name, message, status, code, expose } = error as AppError;
    return {
      error: { class: (error as object).constructor.name, name, message, status, code, expose },
    };
  }
}

const scanners: ScannerConfigInput[] = [
  { type: "Regex", params: { patterns: ["Bearer [A-Za-z0-9._~+/-]+"] } },
  { type: "Email" },
  { type: "Count" },
];

const prompts = [
  "",
  "   ",
  "hello",
  "Use Bearer abc.def and mail jane@example.com",
  "Write to a@example.com, b@example.com and a@example.com again",
  "jane@example.com Bearer zzz jane@example.com",
  `${"long text without findings ".repeat(30)}end`,
];

const variants: PoolScanOptions[] = [
  {},
  { mode: "scan" },
  { failFast: true },
  { failFast: true, mode: "scan" },
  { suppress: ["Regex"] },
  { suppress: ["Email", "Count"], mode: "scan" },
];

describe("inline scans", () => {
  it("answer every prompt exactly as a worker does, in every mode", async () => {
    const inline = pool(scanners, 10_000);
    const workers = pool(scanners);
    await Promise.all([inline.warmup(), workers.warmup()]);
    for (const prompt of prompts) {
      for (const options of variants) {
        // One at a time, so that the inline pool is idle for each scan.
        expect(await answer(inline, prompt, options)).toEqual(
          await answer(workers, prompt, options),
        );
      }
    }
    expect(inline.scansByPath).toEqual({ inline: prompts.length * variants.length, worker: 0 });
    expect(workers.scansByPath).toEqual({ inline: 0, worker: prompts.length * variants.length });
  });

  it("give each scan a fresh vault", async () => {
    const inline = pool([{ type: "Email" }], 10_000);
    await inline.warmup();
    for (const email of ["one@example.com", "two@example.com"]) {
      const out = await inline.scan(`Mail ${email} or boss@example.com`);
      expect(out.sanitized).toBe("Mail [REDACTED_EMAIL_1] or [REDACTED_EMAIL_2]");
    }
    expect(inline.scansByPath.inline).toBe(2);
  });

  it("fail with the same error as a worker when a scanner throws", async () => {
    const inline = pool([{ type: "Fail" }], 10_000);
    const workers = pool([{ type: "Fail" }]);
    // The warm-up scan fails too, on both paths alike.
    const warmups = await Promise.all(
      [inline.warmup(), workers.warmup()].map((w) => w.catch((e: unknown) => e)),
    );
    expect((warmups[0] as Error).message).toBe("scanner exploded");
    expect((warmups[1] as Error).message).toBe("scanner exploded");
    const fromInline = await answer(inline, "text", {});
    expect(fromInline).toEqual(await answer(workers, "text", {}));
    expect(fromInline.error).toMatchObject({
      status: 500,
      expose: false,
      message: "scanner exploded",
    });
    expect(inline.scansByPath).toEqual({ inline: 1, worker: 0 });
  });

  it("reject warm-up with the workers' configuration error", async () => {
    const inline = pool([{ type: "Nope" }], 10_000);
    const workers = pool([{ type: "Nope" }]);
    const [fromInline, fromWorkers] = await Promise.all([
      inline.warmup().catch((e: unknown) => e),
      workers.warmup().catch((e: unknown) => e),
    ]);
    expect(fromInline).toBeInstanceOf(ConfigError);
    expect((fromInline as Error).message).toBe((fromWorkers as Error).message);
    expect((fromInline as Error).message).toContain(
      'input_scanners[0]: input_scanners: unknown scanner type "Nope"',
    );
  });

  it("answer a scan that ends past its time limit with a 408", async () => {
    const slow = pool([{ type: "Spin", params: { ms: 60 } }], 10_000, { timeoutMs: 20 });
    // Warm-up has its own, longer limit.
    await slow.warmup();
    const error = await slow.scan("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanTimeoutError);
    expect(error).toMatchObject({ status: 408, message: "Request timeout.", timeoutMs: 20 });
    expect(slow.scansByPath).toEqual({ inline: 1, worker: 0 });
  });

  it("refuse a scan whose caller has already gone, and any after the pool is closed", async () => {
    const own = pool(scanners, 10_000);
    await own.warmup();
    const controller = new AbortController();
    controller.abort();
    await expect(own.scan("x", { signal: controller.signal })).rejects.toBeInstanceOf(
      ScanAbortedError,
    );
    await own.destroy();
    await expect(own.scan("x")).rejects.toBeInstanceOf(ScanAbortedError);
    expect(own.scansByPath.inline).toBe(1);
  });
});

describe("the inline or worker decision", () => {
  it("scans inline when the pool is idle and the prompt is short enough", async () => {
    const own = pool(scanners, 10);
    await own.warmup();
    await own.scan("0123456789");
    expect(own.scansByPath).toEqual({ inline: 1, worker: 0 });
    await own.scan("0123456789a");
    expect(own.scansByPath).toEqual({ inline: 1, worker: 1 });
  });

  it("hands a scan to the workers while another scan is running or waiting", async () => {
    const own = pool([{ type: "Count" }], 5);
    await own.warmup();
    // The long prompt goes to the worker; while it is there, short ones go there too.
    const running = own.scan("long prompt");
    const behind = [own.scan("a"), own.scan("b")];
    expect(own.scansByPath).toEqual({ inline: 0, worker: 3 });
    await Promise.all([running, ...behind]);
    await own.scan("c");
    expect(own.scansByPath).toEqual({ inline: 1, worker: 3 });
  });

  it("hands scans asked for in the same turn of the event loop to the workers", async () => {
    const own = pool([{ type: "Count" }], 100);
    await own.warmup();
    const together = [own.scan("first"), own.scan("second")];
    expect(own.scansByPath).toEqual({ inline: 0, worker: 2 });
    await Promise.all(together);
    // Alone in its turn, with the pool idle again: inline.
    await own.scan("alone");
    expect(own.scansByPath).toEqual({ inline: 1, worker: 2 });
  });

  it("never scans inline when it is off, or before its scanners are loaded", async () => {
    const off = pool([{ type: "Count" }]);
    await off.scan("x");
    expect(off.scansByPath).toEqual({ inline: 0, worker: 1 });
    const fresh = pool([{ type: "Count" }], 100);
    const before = fresh.scan("x");
    expect(fresh.scansByPath).toEqual({ inline: 0, worker: 1 });
    await before;
    await fresh.warmup();
    await fresh.scan("y");
    expect(fresh.scansByPath).toEqual({ inline: 1, worker: 1 });
  });
});
