import type { EntityMetrics } from "./entity-metrics.js";
import type { BinaryMetrics, RecallAtFpr } from "./metrics.js";

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

const fixed = (value: number | null) => (value === null ? "null" : value.toFixed(3));

/** A small human-readable table of binary metrics. */
export function formatBinaryMetrics(title: string, metrics: BinaryMetrics): string {
  const header = ["n", "tp", "fp", "tn", "fn", "precision", "recall", "f1", "fpr", "auc"];
  const { n, tp, fp, tn, fn } = metrics;
  const row = [n, tp, fp, tn, fn]
    .map(String)
    .concat([metrics.precision, metrics.recall, metrics.f1, metrics.fpr, metrics.auc].map(fixed));
  return `${title}\n${table(header, [row])}\n`;
}

/** A per-type table of entity metrics with a total row. */
export function formatEntityMetrics(title: string, metrics: EntityMetrics): string {
  const header = ["type", "support", "detected", "recall", "precision"];
  const rows = Object.entries(metrics.types).map(([type, entry]) => [
    type,
    String(entry.support),
    String(entry.detected),
    fixed(entry.recall),
    fixed(entry.precision),
  ]);
  const { total } = metrics;
  rows.push([
    "TOTAL",
    String(total.support),
    String(total.detected),
    fixed(total.recall),
    fixed(total.precision),
  ]);
  return `${title} (${metrics.n} rows)\n${table(header, rows)}\n`;
}

/** The recall-at-fixed-FPR line: threshold found, recall and false-positive rate there. */
export function formatRecallAtFpr(point: RecallAtFpr): string {
  const header = ["max fpr", "threshold", "recall", "fpr"];
  const threshold = point.threshold === null ? "null" : point.threshold.toFixed(4);
  return `at fpr <= ${point.maxFpr}\n${table(header, [[String(point.maxFpr), threshold, fixed(point.recall), fixed(point.fpr)]])}\n`;
}

/** A threshold sweep: one row of metrics per threshold. */
export function formatSweep(rows: readonly (BinaryMetrics & { threshold: number })[]): string {
  const header = ["threshold", "tp", "fp", "precision", "recall", "f1", "fpr"];
  const lines = rows.map((row) => [
    row.threshold.toFixed(3),
    String(row.tp),
    String(row.fp),
    fixed(row.precision),
    fixed(row.recall),
    fixed(row.f1),
    fixed(row.fpr),
  ]);
  return `threshold sweep\n${table(header, lines)}\n`;
}
