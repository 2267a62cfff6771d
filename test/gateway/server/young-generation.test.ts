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
