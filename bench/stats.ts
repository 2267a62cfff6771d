/** Summary of repeated measurements: the median and the spread across rounds. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The p-th percentile (0..100) of `values` by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Median, min and max of one figure measured over several rounds. */
export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** `1.23 (1.10–1.40)` with `digits` decimals. */
export function formatSpread(value: Spread, digits = 2): string {
  if (value.min === value.max) return value.median.toFixed(digits);
  return `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}–${value.max.toFixed(digits)})`;
}
