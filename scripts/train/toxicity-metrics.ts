/** Rank-based ROC AUC over `[score, label]` pairs (ties count half). */
export function areaUnderCurve(pairs: readonly [number, 0 | 1][]): number {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  let rankSumPositive = 0;
  let positives = 0;
  let index = 0;
  while (index < sorted.length) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1]![0] === sorted[index]![0]) end += 1;
    const rank = (index + end) / 2 + 1;
    for (let tie = index; tie <= end; tie += 1) {
      if (sorted[tie]![1] === 1) {
        rankSumPositive += rank;
        positives += 1;
      }
    }
    index = end + 1;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositive - (positives * (positives + 1)) / 2) / (positives * negatives);
}

interface Row {
  text: string;
  label: 0 | 1;
  source: string;
}

/** AUC and accuracy at `threshold`, overall and per source. */
export function summarise(
  rows: readonly Row[],
  score: (text: string) => number,
  threshold = 0.5,
): Record<string, { n: number; auc: number; accuracy: number }> {
  const bySource = new Map<string, [number, 0 | 1][]>();
  for (const row of rows) {
    const pair: [number, 0 | 1] = [score(row.text), row.label];
    for (const key of ["all", row.source]) bySource.set(key, [...(bySource.get(key) ?? []), pair]);
  }
  const out: Record<string, { n: number; auc: number; accuracy: number }> = {};
  for (const [source, pairs] of bySource) {
    const correct = pairs.filter(([value, label]) => (value >= threshold ? 1 : 0) === label).length;
    out[source] = {
      n: pairs.length,
      auc: round(areaUnderCurve(pairs)),
      accuracy: round(correct / pairs.length),
    };
  }
  return out;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** F1 of the positive class at `threshold` over `[score, label]` pairs (NaN without positives). */
export function f1Score(pairs: readonly [number, 0 | 1][], threshold: number): number {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  for (const [score, label] of pairs) {
    const flagged = score >= threshold;
    if (flagged && label === 1) truePositive += 1;
    else if (flagged) falsePositive += 1;
    else if (label === 1) falseNegative += 1;
  }
  if (truePositive + falseNegative === 0) return Number.NaN;
  return (2 * truePositive) / (2 * truePositive + falsePositive + falseNegative);
}
