import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * In a child: grow the new space with objects that survive a few scavenges, start
 * `giveMemoryBackWhenIdle` (fast looks), stay idle or keep allocating for 9 s (V8 judges
 * allocation over its last few seconds), and print the new space size (MB) before and after.
 */
function newSpaceAfterQuiet(busy: boolean): { before: number; after: number } {
  const script = `
    const { getHeapSpaceStatistics } = await import("node:v8");
    const { giveMemoryBackWhenIdle } = await import("./src/gateway/server/idle-memory.ts");
    const newSpace = () =>
      getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size / 1048576;
    let keep = [];
    const churn = (n) => {
      for (let i = 0; i < n; i++) {
        keep.push({ i, s: "x" + i });
        if (keep.length > 1e5) keep = [];
      }
    };
    churn(4e6);
    const before = newSpace();
    const stop = giveMemoryBackWhenIdle({ intervalMs: 250 });
    const end = Date.now() + 9000;
    while (Date.now() < end) {
      if (${busy}) churn(2e5);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop();
    console.log(JSON.stringify({ before, after: newSpace() }));
  `;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8", timeout: 60_000 },
  );
  return JSON.parse(out.trim()) as { before: number; after: number };
}

describe("giveMemoryBackWhenIdle: young generation", () => {
  it("gives a grown young generation back once the process goes quiet", () => {
    const { before, after } = newSpaceAfterQuiet(false);
    expect(before).toBeGreaterThanOrEqual(8);
    expect(after).toBeLessThanOrEqual(2);
  }, 120_000);

  it("leaves it alone while the process keeps allocating", () => {
    const { before, after } = newSpaceAfterQuiet(true);
    expect(before).toBeGreaterThanOrEqual(8);
    expect(after).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
