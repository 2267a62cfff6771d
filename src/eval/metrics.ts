/** Confusion counts and derived scores of a binary classifier at one threshold. */
export interface BinaryMetrics {
  n: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  fpr: number;
  /** ROC AUC of the scores; null when one class is absent. */
  auc: number | null;
}

/** One scored, labelled row. */
export interface ScoredLabel {
  score: number;
  label: 0 | 1;
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
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
    f1: ratio(2 * precision * recall, precision + recall),
    fpr: ratio(fp, fp + tn),
    auc: rocAuc(rows),
  };
}
