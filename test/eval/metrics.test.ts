import { describe, expect, it } from "vitest";
import {
  binaryMetrics,
  predictionMetrics,
  recallAtFpr,
  rocAuc,
  thresholdSweep,
} from "../../src/eval/metrics.js";

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

  it("reports null, not 0, for rates a single-class set leaves undefined", () => {
    expect(binaryMetrics([{ score: 0.1, label: 0 }], 0.5)).toMatchObject({
      precision: null,
      recall: null,
      f1: null,
      fpr: 0,
      auc: null,
    });
    expect(binaryMetrics([{ score: 0.9, label: 1 }], 0.5)).toMatchObject({
      precision: 1,
      recall: 1,
      f1: 1,
      fpr: null,
      auc: null,
    });
  });

  it("gives f1 0 (defined) when nothing right was flagged", () => {
    const metrics = binaryMetrics(
      [
        { score: 0.1, label: 1 },
        { score: 0.9, label: 0 },
      ],
      0.5,
    );
    expect(metrics).toMatchObject({ precision: 0, recall: 0, f1: 0, fpr: 1 });
  });
});

describe("recall at a fixed false-positive rate", () => {
  const negatives = Array.from({ length: 200 }, (_, index) => ({
    score: index / 200,
    label: 0 as const,
  }));
  const positives = [0.999, 0.996, 0.994, 0.5].map((score) => ({ score, label: 1 as const }));

  it("picks the lowest threshold that flags at most 1% of the negatives", () => {
    const point = recallAtFpr([...negatives, ...positives], 0.01);
    // 200 negatives: 2 may be flagged (0.995, 0.99), the third highest (0.985) must not be.
    expect(point.threshold).toBeGreaterThan(0.985);
    expect(point.threshold).toBeLessThanOrEqual(0.99);
    expect(point.fpr).toBe(0.01);
    expect(point.recall).toBe(0.75);
  });

  it("is null without negatives and keeps recall null without positives", () => {
    expect(recallAtFpr(positives, 0.01)).toEqual({
      maxFpr: 0.01,
      threshold: null,
      recall: null,
      fpr: null,
    });
    expect(recallAtFpr(negatives, 0.01).recall).toBeNull();
  });

  it("sweeps thresholds", () => {
    const sweep = thresholdSweep([...negatives, ...positives], [0.5, 0.995]);
    expect(sweep.map((row) => [row.threshold, row.recall])).toEqual([
      [0.5, 1],
      [0.995, 0.5],
    ]);
  });
});
