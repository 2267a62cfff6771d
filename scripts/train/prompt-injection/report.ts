import { rocAuc, type ScoredLabel } from "../../../src/eval/metrics.js";

/** Lowest threshold whose false-positive rate on `negatives` is at most `maxFpr`. */
export function thresholdForFpr(negatives: readonly number[], maxFpr: number): number {
  if (negatives.length === 0) return 0.5;
  const sorted = [...negatives].sort((left, right) => right - left);
  const allowed = Math.floor(sorted.length * maxFpr);
  return Math.min(0.999, (sorted[allowed] ?? 0) + 1e-4);
}

/** Figures of one set of scored rows; null where a class is missing. */
export interface SetFigures {
  n: number;
  positives: number;
  negatives: number;
  auc: number | null;
  /** Recall at the threshold that keeps this set's own false-positive rate ≤ 1 %. */
  recallAt1Fpr: number | null;
  /** Recall and false-positive rate at the given (shipped) threshold. */
  recall: number | null;
  fpr: number | null;
}

/** A scored row with the threshold its kind of text is judged at. */
export interface JudgedRow extends ScoredLabel {
  threshold: number;
}

export function setFigures(rows: readonly JudgedRow[]): SetFigures {
  const positives = rows.filter((row) => row.label === 1);
  const negatives = rows.filter((row) => row.label === 0);
  const rate = (list: readonly JudgedRow[], at: number | null) =>
    list.length === 0
      ? null
      : list.filter((row) => row.score >= (at ?? row.threshold)).length / list.length;
  const own = thresholdForFpr(
    negatives.map((row) => row.score),
    0.01,
  );
  return {
    n: rows.length,
    positives: positives.length,
    negatives: negatives.length,
    auc: rocAuc(rows),
    recallAt1Fpr: negatives.length === 0 ? null : rate(positives, own),
    recall: rate(positives, null),
    fpr: rate(negatives, null),
  };
}

const cell = (value: number | null) => (value === null ? "null" : value.toFixed(3));

/** A markdown table of named figures. */
export function figuresTable(title: string, entries: readonly [string, SetFigures][]): string {
  const lines = [
    `| ${title} | n | pos | neg | AUC | recall @ 1% FPR (own negatives) | recall @ shipped | FPR @ shipped |`,
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const [name, figures] of entries)
    lines.push(
      `| ${name} | ${figures.n} | ${figures.positives} | ${figures.negatives} | ${cell(figures.auc)} | ${cell(figures.recallAt1Fpr)} | ${cell(figures.recall)} | ${cell(figures.fpr)} |`,
    );
  return lines.join("\n");
}
