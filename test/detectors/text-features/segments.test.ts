import { describe, expect, it } from "vitest";
import { scoringUnits, splitPieces } from "../../../src/detectors/text-features/segments.js";

describe("splitPieces", () => {
  it("splits lines and sentences and merges short fragments", () => {
    expect(splitPieces("Step 1.\nOpen the valve slowly. Then wait ten minutes!\nOK")).toEqual([
      "Step 1. Open the valve slowly.",
      "Then wait ten minutes! OK",
    ]);
  });
});

describe("scoringUnits", () => {
  it("scores every piece and short neighbouring pairs", () => {
    const units = scoringUnits(
      `Header line here:\nThe short sentence that follows.\n${"A much longer sentence ".repeat(8)}`,
    );
    expect(units).toContain("Header line here:");
    expect(units).toContain("Header line here: The short sentence that follows.");
    expect(
      units.filter((unit) => unit.startsWith("The short sentence that follows. A much")),
    ).toEqual([]);
  });
});
