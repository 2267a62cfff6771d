/**
 * Confusion counts and derived scores of a binary classifier at one threshold. A rate whose
 * denominator is zero is undefined and null (recall without positives, false-positive rate
 * without negatives, precision without a positive verdict), never 0.
 */
export interface BinaryMetrics {
  n: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  fpr: number | null;
  /** ROC AUC of the scores; null when one class is absent. */
  auc: number | null;
}

/** One scored, labelled row. */
export interface ScoredLabel {
  score: number;
  label: 0 | 1;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/**
 * ROC AUC by the rank-sum (Mann–Whitney) formula, ties counted as half.
 *
 * @example
 * rocAuc([{ score: 0.9, label: 1 }, { score: 0.1, label: 0 }]) // 1
 */
export function rocAuc(rows: readonly ScoredLabel[]): number | null {
  const positives = rows.filter((row) => row.label === 1).length;
  const negatives = rows.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const sorted = [...rows].sort((left, right) => left.score - right.score);
  let rankSum = 0;
  let index = 0;
  while (index < sorted.length) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1]!.score === sorted[index]!.score) end += 1;
    const averageRank = (index + end) / 2 + 1;
    for (let tie = index; tie <= end; tie += 1)
      if (sorted[tie]!.label === 1) rankSum += averageRank;
    index = end + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** A scored, labelled row with the scanner's own verdict (positive = flagged / invalid). */
export interface PredictedLabel extends ScoredLabel {
  predicted: boolean;
}

/**
 * Confusion counts, precision, recall, F1, false-positive rate and AUC of `rows` when a score at
 * or above `threshold` means positive.
 *
 * @example
 * binaryMetrics([{ score: 0.9, label: 1 }, { score: 0.2, label: 0 }], 0.5).f1 // 1
 */
export function binaryMetrics(rows: readonly ScoredLabel[], threshold: number): BinaryMetrics {
  return predictionMetrics(rows.map((row) => ({ ...row, predicted: row.score >= threshold })));
}

/**
 * The same figures from each row's own verdict (a scanner's `valid === false`), with AUC from
 * the scores.
 *
 * @example
 * predictionMetrics([{ score: 1, label: 1, predicted: true }]).recall // 1
 */
export function predictionMetrics(rows: readonly PredictedLabel[]): BinaryMetrics {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const { predicted, label } of rows) {
    if (predicted && label === 1) tp += 1;
    else if (predicted) fp += 1;
    else if (label === 1) fn += 1;
    else tn += 1;
  }
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return {
    n: rows.length,
    tp,
    fp,
    tn,
    fn,
    precision,
    recall,
    f1:
      precision === null || recall === null
        ? null
        : precision + recall === 0
          ? 0
          : (2 * precision * recall) / (precision + recall),
    fpr: ratio(fp, fp + tn),
    auc: rocAuc(rows),
  };
}

/** Recall at the lowest threshold whose false-positive rate stays at or below a target. */
export interface RecallAtFpr {
  /** The false-positive rate asked for. */
  maxFpr: number;
  /** The threshold found (a score at or above it is positive); null without negatives. */
  threshold: number | null;
  recall: number | null;
  /** The false-positive rate reached at `threshold` (≤ `maxFpr`). */
  fpr: number | null;
}

/**
 * The operating point that keeps the false-positive rate at or below `maxFpr`: the lowest
 * threshold (among the negatives' scores, just above one of them) that flags at most
 * ⌊maxFpr · negatives⌋ negatives, and the recall there. Null figures where a class is missing.
 *
 * @example
 * recallAtFpr([{ score: 0.9, label: 1 }, { score: 0.2, label: 0 }], 0.01).recall // 1
 */
export function recallAtFpr(rows: readonly ScoredLabel[], maxFpr: number): RecallAtFpr {
  const negatives = rows
    .filter((row) => row.label === 0)
    .map((row) => row.score)
    .sort((left, right) => right - left);
  if (negatives.length === 0) return { maxFpr, threshold: null, recall: null, fpr: null };
  const allowed = Math.floor(negatives.length * maxFpr + 1e-9);
  // Just above the highest negative that must not be flagged (scores have 4 decimals); 0 when
  // every negative may be flagged.
  const bar = negatives[allowed];
  const threshold = bar === undefined ? 0 : bar + 1e-6;
  const metrics = binaryMetrics(rows, threshold);
  return { maxFpr, threshold, recall: metrics.recall, fpr: metrics.fpr };
}

/** Metrics at each threshold of `thresholds` (a threshold sweep). */
export function thresholdSweep(
  rows: readonly ScoredLabel[],
  thresholds: readonly number[],
): (BinaryMetrics & { threshold: number })[] {
  return thresholds.map((threshold) => ({ threshold, ...binaryMetrics(rows, threshold) }));
}
