import { describe, expect, it } from "vitest";
import { binaryMetrics, predictionMetrics, rocAuc } from "../../src/eval/metrics.js";

describe("binary metrics", () => {
  const rows = [
    { score: 0.9, label: 1 as const },
    { score: 0.8, label: 0 as const },
    { score: 0.7, label: 1 as const },
    { score: 0.1, label: 0 as const },
  ];

  it("counts the confusion matrix at a threshold", () => {
    expect(binaryMetrics(rows, 0.75)).toMatchObject({
      n: 4,
      tp: 1,
      fp: 1,
      tn: 1,
      fn: 1,
      precision: 0.5,
      recall: 0.5,
      f1: 0.5,
      fpr: 0.5,
    });
  });

  it("computes ROC AUC with ties counted as half", () => {
    expect(rocAuc(rows)).toBeCloseTo(0.75);
    expect(
      rocAuc([
        { score: 0.5, label: 1 },
        { score: 0.5, label: 0 },
      ]),
    ).toBe(0.5);
    expect(rocAuc([{ score: 0.5, label: 1 }])).toBeNull();
  });

  it("uses the scanner's own verdicts when given", () => {
    const metrics = predictionMetrics([
      { score: 0.2, label: 1, predicted: true },
      { score: 0.9, label: 0, predicted: false },
    ]);
    expect(metrics).toMatchObject({ tp: 1, tn: 1, fp: 0, fn: 0, recall: 1, fpr: 0, auc: 0 });
  });

  it("reports zeros instead of NaN when a class is empty", () => {
    expect(binaryMetrics([{ score: 0.1, label: 0 }], 0.5)).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      fpr: 0,
      auc: null,
    });
  });
});
