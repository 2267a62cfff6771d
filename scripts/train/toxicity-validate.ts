import type { LinearModel } from "../../src/detectors/text-features/linear-model.js";
import type { Random } from "./lib/random.js";
import { sourceLanguage } from "./toxicity-external.js";
import { type FeaturizedRow, type FitOptions, fitToxicityModel } from "./toxicity-fit.js";
import { areaUnderCurve, f1Score } from "./toxicity-metrics.js";

/** Figures of one group of rows at the shipped threshold; `null` where undefined (one class). */
export interface GroupFigures {
  group: string;
  language: string;
  n: number;
  positives: number;
  auc: number | null;
  f1: number | null;
  /** Share of negatives flagged. */
  fpr: number | null;
}

function orNull(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null;
}

/** AUC, F1 and false-positive rate of `score` over `rows` at `threshold`. */
export function measure(
  group: string,
  language: string,
  rows: readonly { text: string; label: 0 | 1 }[],
  score: (text: string) => number,
  threshold: number,
): GroupFigures {
  const pairs = rows.map((row): [number, 0 | 1] => [score(row.text), row.label]);
  const negatives = pairs.filter(([, label]) => label === 0);
  const flagged = negatives.filter(([value]) => value >= threshold).length;
  return {
    group,
    language,
    n: pairs.length,
    positives: pairs.length - negatives.length,
    auc: orNull(areaUnderCurve(pairs)),
    f1: orNull(f1Score(pairs, threshold)),
    fpr: negatives.length > 0 ? orNull(flagged / negatives.length) : null,
  };
}

/** The rows of `source` held out, at most `limit` of them (seeded sample). */
function heldOut(rows: readonly FeaturizedRow[], source: string, limit: number, random: Random) {
  return random.shuffle(rows.filter((row) => row.source === source)).slice(0, limit);
}

/**
 * Leave-one-source-out: for every source with both labels, fit on the other sources' training
 * and calibration rows, then score up to `limit` rows of the held-out source with the detector
 * built around that fold's model.
 */
export function leaveOneSourceOut(
  train: readonly FeaturizedRow[],
  calibration: readonly FeaturizedRow[],
  all: readonly FeaturizedRow[],
  options: FitOptions & { limit: number; threshold: number; only?: ReadonlySet<string> },
  scorerFor: (model: LinearModel) => (text: string) => number,
  log: (line: string) => void,
): GroupFigures[] {
  const sources = [...new Set(all.map((row) => row.source))].filter((source) => {
    const labels = new Set(all.filter((row) => row.source === source).map((row) => row.label));
    return labels.size === 2 && (options.only === undefined || options.only.has(source));
  });
  const out: GroupFigures[] = [];
  for (const source of sources) {
    const { model } = fitToxicityModel(
      train.filter((row) => row.source !== source),
      calibration.filter((row) => row.source !== source),
      options,
    );
    const rows = heldOut(all, source, options.limit, options.random);
    const figures = measure(
      source,
      sourceLanguage(source),
      rows,
      scorerFor(model),
      options.threshold,
    );
    log(formatRow(figures));
    out.push(figures);
  }
  return out;
}

function cell(value: number | null): string {
  return value === null ? "null" : value.toFixed(3);
}

/** One Markdown table row. */
export function formatRow(figures: GroupFigures): string {
  const { group, language, n, positives, auc, f1, fpr } = figures;
  return `| ${group} | ${language} | ${n} | ${positives} | ${cell(auc)} | ${cell(f1)} | ${cell(fpr)} |`;
}

/** A Markdown table of figures. */
export function formatTable(rows: readonly GroupFigures[]): string {
  return [
    "| held out | language | n | toxic | AUC | F1 @ threshold | FPR @ threshold |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(formatRow),
  ].join("\n");
}
