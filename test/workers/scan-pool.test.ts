import { afterAll, describe, expect, it } from "vitest";
import { AppError, ConfigError } from "../../src/common/errors.js";
import {
  ScanAbortedError,
  ScanQueueFullError,
  ScanTimeoutError,
} from "../../src/workers/errors.js";
import {
  createScanPool,
  type ScanPool,
  type ScanPoolOptions,
} from "../../src/workers/scan-pool.js";
import type { ScannerConfigInput } from "../../src/workers/scan-task.js";

const workerFile = new URL("./support/test-scan-worker.ts", import.meta.url);
const pools: ScanPool[] = [];

function pool(
  scanners: ScannerConfigInput[],
  options: Omit<ScanPoolOptions, "scanners" | "workerFile"> = {},
): ScanPool {
  const created = createScanPool({ scanners, workerFile, threads: 1, ...options });
  pools.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.destroy()));
});

const regexAndEmail: ScannerConfigInput[] = [
  { type: "Regex", params: { patterns: ["Bearer [A-Za-z0-9._~+/-]+"] } },
  { type: "Email" },
];

describe("createScanPool", () => {
  const shared = pool(regexAndEmail, { threads: 2 });

  it("chains scanners in analyze mode and returns the sanitized text", async () => {
    const out = await shared.scan("Use Bearer abc.def and mail jane@example.com", {
      mode: "analyze",
    });
    expect(out.sanitized).toBe("Use [REDACTED] and mail [REDACTED_EMAIL_1]");
    expect(out.valid).toEqual({ Regex: false, Email: false });
    expect(out.scores).toEqual({ Regex: 1, Email: 1 });
    expect(out.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it("runs every scanner on the original text in scan mode", async () => {
    const out = await shared.scan("Bearer abc and jane@example.com", { mode: "scan" });
    expect(out.sanitized).toBe("Bearer abc and jane@example.com");
    expect(out.valid).toEqual({ Regex: false, Email: false });
  });

  it("skips suppressed scanners and stops early with failFast", async () => {
    const suppressed = await shared.scan("Bearer abc jane@example.com", { suppress: ["Regex"] });
    expect(Object.keys(suppressed.valid)).toEqual(["Email"]);
    const fast = await shared.scan("Bearer abc jane@example.com", { failFast: true });
    expect(fast.valid).toEqual({ Regex: false });
    const fastScan = await shared.scan("Bearer abc jane@example.com", {
      failFast: true,
      mode: "scan",
    });
    expect(fastScan.valid).toEqual({ Regex: false });
  });

  it("gives every scan a fresh vault, even when many run at once", async () => {
    const emails = Array.from({ length: 24 }, (_, i) => `user${i}@example.com`);
    const outs = await Promise.all(
      emails.map((email) =>
        shared.scan(`Write to ${email} and to ${email.replace("user", "boss")}`),
      ),
    );
    for (const [i, out] of outs.entries()) {
      expect(out.sanitized).toBe("Write to [REDACTED_EMAIL_1] and to [REDACTED_EMAIL_2]");
      expect(out.sanitized).not.toContain(emails[i]);
    }
  });

  it("times out a catastrophic regex, replaces the worker and keeps serving", async () => {
    const slow = pool([{ type: "Regex", params: { patterns: ["^(a+)+$"] } }], { timeoutMs: 3_000 });
    const error = await slow.scan(`${"a".repeat(40)}!`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanTimeoutError);
    expect(error).toMatchObject({ status: 408, message: "Request timeout.", timeoutMs: 3_000 });
    const ok = await slow.scan("hello");
    expect(ok.valid).toEqual({ Regex: true });
  });

  it("times out only the runaway scan of a batch; its batchmates are answered by other workers", async () => {
    const slow = pool([{ type: "Regex", params: { patterns: ["^(a+)+$"] } }, { type: "Thread" }], {
      threads: 2,
      timeoutMs: 3_000,
    });
    await slow.warmup();
    const started = Date.now();
    const timed = (text: string) =>
      slow.scan(text).then((out) => ({ ...out, ms: Date.now() - started }));
    // Both workers get one scan at once; the six waiting are split 3 + 2 + 1 as the workers free
    // up, so `before`, the runaway scan and `behind` share a batch.
    const results = await Promise.allSettled([
      timed("o1"),
      timed("o2"),
      timed("before"),
      timed(`${"a".repeat(40)}!`),
      timed("behind"),
      timed("x"),
      timed("y"),
      timed("z"),
    ]);
    const [, , before, runaway, behind] = results;
    expect(runaway).toMatchObject({ status: "rejected", reason: expect.any(ScanTimeoutError) });
    for (const result of results.filter((_, index) => index !== 3)) {
      expect(result).toMatchObject({ status: "fulfilled", value: { valid: { Regex: true } } });
    }
    // `behind` was taken back after the stall and answered by the other worker, long before the
    // time limit; `before` finished, but its answer went down with the terminated worker, so it
    // ran again on a worker other than the runaway's.
    if (behind.status !== "fulfilled" || before.status !== "fulfilled") throw new Error("failed");
    expect(behind.value.sanitized).toBe("behind");
    expect(behind.value.ms).toBeLessThan(2_500);
    expect(before.value.sanitized).toBe("before");
    expect(before.value.ms).toBeGreaterThanOrEqual(2_900);
    expect((await slow.scan("after")).valid).toEqual({ Regex: true, Thread: true });
  });

  it("refuses scans when the queue is full", async () => {
    const busy = pool([{ type: "Spin", params: { ms: 150 } }], { maxQueue: 2, timeoutMs: 5_000 });
    await busy.warmup();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => busy.scan("x")));
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ScanQueueFullError);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(2);
  });

  it("reports a scanner that throws as a hidden 500 and a bad config as a ConfigError", async () => {
    const failing = pool([{ type: "Fail" }]);
    const error = await failing.scan("text").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 500, expose: false, message: "scanner exploded" });
    const unknown = pool([{ type: "Nope" }]);
    const configError = await unknown.warmup().catch((e: unknown) => e);
    expect(configError).toBeInstanceOf(ConfigError);
    expect((configError as Error).message).toContain('unknown scanner type "Nope"');
  });

  it("reports a worker that dies outside a scan and keeps serving with a new one", async () => {
    const errors: Error[] = [];
    const stray = createScanPool({
      scanners: [{ type: "Stray" }],
      workerFile,
      threads: 1,
      timeoutMs: 10_000,
      onWorkerError: (error) => errors.push(error),
    });
    pools.push(stray);
    expect((await stray.scan("first")).valid).toEqual({ Stray: true });
    for (let i = 0; i < 100 && errors.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(errors[0]?.message).toContain("stray async failure");
    expect((await stray.scan("second")).sanitized).toBe("second");
  });

  it("starts workers with the resource limits it is given", async () => {
    const custom = pool([{ type: "Heap" }], { resourceLimits: { maxYoungGenerationSizeMb: 24 } });
    expect((await custom.scan("x")).scores.Heap).toBe(0.024);
  });

  it("answers a cancelled caller at once without terminating the worker running its scan", async () => {
    // The scan spins for 400 ms (under the pool's grace before it stops a worker); the caller,
    // cancelled after 100 ms, must be answered while the scan still spins (the race below), and
    // the same worker must then serve the next scan.
    const own = pool([{ type: "Spin", params: { ms: 400 } }, { type: "Thread" }]);
    const first = (await own.scan("a")).scores.Thread;
    const controller = new AbortController();
    const pending = own.scan("b", { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const spinEnds = new Promise((resolve) => setTimeout(resolve, 400, "the scan finished first"));
    await expect(Promise.race([pending, spinEnds])).rejects.toBeInstanceOf(ScanAbortedError);
    expect((await own.scan("c")).scores.Thread).toBe(first);
  });

  it("stops the worker of a cancelled scan that keeps running, and serves the next scan on a new one", async () => {
    // A runaway regex: without the cancellation the worker would be busy for the whole minute.
    const own = pool([{ type: "Regex", params: { patterns: ["^(a+)+$"] } }, { type: "Thread" }], {
      timeoutMs: 60_000,
    });
    const before = (await own.scan("hello")).scores.Thread;
    const controller = new AbortController();
    const pending = own.scan(`${"a".repeat(40)}!`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toBeInstanceOf(ScanAbortedError);
    const next = await Promise.race([
      own.scan("hello").then((out) => out.scores.Thread),
      new Promise((resolve) => setTimeout(() => resolve("still busy"), 20_000)),
    ]);
    expect(next).not.toBe("still busy");
    expect(next).not.toBe(before);
  });

  it("does not count scans whose callers have gone against the queue limit", async () => {
    const own = pool([{ type: "Spin", params: { ms: 200 } }], { maxQueue: 2, timeoutMs: 10_000 });
    await own.warmup();
    const controller = new AbortController();
    const { signal } = controller;
    const gone = [own.scan("a", { signal }), own.scan("b", { signal })];
    controller.abort();
    for (const result of await Promise.allSettled(gone))
      expect(result).toMatchObject({ status: "rejected", reason: expect.any(ScanAbortedError) });
    const next = await Promise.allSettled([own.scan("c"), own.scan("d")]);
    expect(next.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
  });

  it("drops scans whose callers hang up while they wait: they never run and never fill the queue", async () => {
    const own = pool([{ type: "Spin", params: { ms: 300 } }, { type: "Count" }], {
      maxQueue: 2,
      timeoutMs: 10_000,
    });
    const before = (await own.scan("first")).scores.Count!;
    // One caller after another sends a scan and hangs up at once, far more than the queue holds.
    const answers: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const controller = new AbortController();
      const pending = own.scan(`g${i}`, { signal: controller.signal });
      controller.abort();
      answers.push(await pending.catch((error: unknown) => error));
    }
    for (const answer of answers) expect(answer).toBeInstanceOf(ScanAbortedError);
    expect(own.queueSize).toBe(0);
    // None of the waiting ones ran: at most the first (sent to the idle worker at once, and skipped
    // unless the worker reached it before the hang-up), then this one.
    const after = (await own.scan("last")).scores.Count!;
    const ran = Math.round((after - before) * 1000);
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(ran).toBeLessThanOrEqual(2);
  });

  it("cancels on the caller's signal and refuses scans after destroy", async () => {
    const own = pool([{ type: "Spin", params: { ms: 2_000 } }]);
    const controller = new AbortController();
    const pending = own.scan("x", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(ScanAbortedError);
    await own.destroy();
    await expect(own.scan("x")).rejects.toBeInstanceOf(ScanAbortedError);
  });
});
