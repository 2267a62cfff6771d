import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * In a child (the collection is process-wide): grow the young generation with objects that survive
 * a few scavenges, then call `collectStartGarbage` and print the new space size (MB) before and
 * after, and whether an object dropped before the call was collected.
 */
function youngGenerationAroundStartGarbage(): { before: number; after: number; freed: boolean } {
  const script = `
    const { getHeapSpaceStatistics } = await import("node:v8");
    const { collectStartGarbage } = await import("./src/gateway/server/start-garbage.ts");
    const newSpace = () =>
      getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size / 1048576;
    let keep = [];
    for (let i = 0; i < 4e6; i++) {
      keep.push({ i, s: "x" + i });
      if (keep.length > 1e5) keep = [];
    }
    keep = [];
    let dropped = { big: new Array(1e5).fill(1) };
    const ref = new WeakRef(dropped);
    dropped = undefined;
    const before = newSpace();
    await collectStartGarbage();
    console.log(JSON.stringify({ before, after: newSpace(), freed: ref.deref() === undefined }));
  `;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8", timeout: 60_000 },
  );
  return JSON.parse(out.trim()) as { before: number; after: number; freed: boolean };
}

describe("collectStartGarbage", () => {
  it("collects what is dead and shrinks a grown young generation, then lets the process exit", () => {
    const { before, after, freed } = youngGenerationAroundStartGarbage();
    expect(before).toBeGreaterThanOrEqual(8);
    expect(after).toBeLessThanOrEqual(2);
    expect(freed).toBe(true);
  }, 120_000);
});
