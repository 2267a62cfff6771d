import { describe, expect, it } from "vitest";
import { entityMetrics } from "../../src/eval/entity-metrics.js";

describe("entityMetrics", () => {
  it("matches entities by type and overlapping text, per type and in total", () => {
    const metrics = entityMetrics([
      {
        expected: [
          { type: "PERSON", value: "Ann Lee" },
          { type: "EMAIL_ADDRESS", value: "ann@example.org" },
        ],
        found: [
          { type: "PERSON", value: "Dr. Ann Lee" },
          { type: "PERSON", value: "Monday" },
        ],
      },
      {
        expected: [{ type: "PERSON", value: "Bo Chen" }],
        found: [{ type: "person", value: "bo chen" }],
      },
    ]);
    expect(metrics.types.PERSON).toEqual({ recall: 1, precision: 2 / 3, support: 2, detected: 3 });
    expect(metrics.types.EMAIL_ADDRESS).toEqual({
      recall: 0,
      precision: 0,
      support: 1,
      detected: 0,
    });
    expect(metrics.total).toMatchObject({
      support: 3,
      detected: 3,
      recall: 2 / 3,
      precision: 2 / 3,
    });
    expect(metrics.n).toBe(2);
  });

  it("does not let one detection match two labelled entities", () => {
    const metrics = entityMetrics([
      {
        expected: [
          { type: "PHONE", value: "555 0100" },
          { type: "PHONE", value: "555 0100" },
        ],
        found: [{ type: "PHONE", value: "555 0100" }],
      },
    ]);
    expect(metrics.types.PHONE).toMatchObject({ recall: 0.5, precision: 1 });
  });
});
