import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Run a child node process that (optionally) caps the young generation, then allocates objects
 * that survive a few scavenges (what makes V8 grow its new space), and prints the new space size
 * in MB. A child, because the cap sets a process-wide V8 flag.
 */
function newSpaceAfterChurn(capMb: number | undefined): number {
  const script = `
    const { getHeapSpaceStatistics } = await import("node:v8");
    const { capYoungGeneration } = await import("./src/gateway/server/young-generation.ts");
    ${capMb === undefined ? "" : `capYoungGeneration(${capMb});`}
    let keep = [];
    for (let i = 0; i < 4e6; i++) {
      keep.push({ i, s: "x" + i });
      if (keep.length > 1e5) keep = [];
      if (i % 1e5 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    console.log(space.space_size / 1048576);
  `;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      encoding: "utf8",
    },
  );
  return Number(out.trim());
}

describe("capYoungGeneration", () => {
  it("stops the new space at twice the semi-space cap, where V8 alone grows it further", () => {
    expect(newSpaceAfterChurn(undefined)).toBeGreaterThan(8);
    expect(newSpaceAfterChurn(2)).toBeLessThanOrEqual(4);
  }, 120_000);
});

/**
 * Scavenges after `scavengeOnMainThread()` and a forced full GC, and the sum of their `background.scavenge.parallel` (ms of
 * scavenging on helper threads), in a child that churns the young generation.
 */
function scavengesAfterMainThreadOnly(): {
  scavenges: number;
  backgroundMs: number;
} {
  const script = `
    const { scavengeOnMainThread } = await import("./src/gateway/server/young-generation.ts");
    scavengeOnMainThread();
    gc(); // two full GCs in a row mark the trace: the scavenges after them ran with the flag set
    gc();
    let keep = [];
    for (let i = 0; i < 3e6; i++) {
      keep.push({ i, s: [i] });
      if (keep.length > 2e5) keep = [];
    }
  `;
  const out = execFileSync(
    process.execPath,
    ["--trace-gc-nvp", "--expose-gc", "--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const lines = out.split("\n").filter((line) => /\bgc=/.test(line));
  const full = (line: string | undefined) => /\bgc=(mc|ms)\b/.test(line ?? "");
  const marked = lines.findIndex((line, i) => full(line) && full(lines[i + 1])) + 1;
  let scavenges = 0;
  let backgroundMs = 0;
  for (const line of lines.slice(marked + 1)) {
    if (!/\bgc=s\b/.test(line)) continue;
    scavenges += 1;
    backgroundMs += Number(/background\.scavenge\.parallel=([\d.]+)/.exec(line)?.[1]);
  }
  return { scavenges, backgroundMs };
}

describe("scavengeOnMainThread", () => {
  it("leaves no scavenge work to helper threads", () => {
    const { scavenges, backgroundMs } = scavengesAfterMainThreadOnly();
    expect(scavenges).toBeGreaterThan(5);
    expect(backgroundMs).toBe(0);
  }, 120_000);
});
