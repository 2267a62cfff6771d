import { type PiSource, piSources } from "../../../src/detectors/prompt-injection/model-file.js";
import type { FittedModel } from "./fit.js";
import { figuresTable, type JudgedRow, type SetFigures, setFigures } from "./report.js";
import { type FeaturedRow, scoreRow } from "./row-units.js";

/** Trains a model on `rows` (with the generated units or not); `salt` varies its shuffles. */
export type Trainer = (
  rows: readonly FeaturedRow[],
  withGenerated: boolean,
  salt: number,
) => FittedModel;

/** Scores of rows by models that never saw them. */
export type HeldOutScores = Map<FeaturedRow, number>;

const folds = 2;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = out.get(name);
    if (group === undefined) out.set(name, [item]);
    else group.push(item);
  }
  return out;
}

/**
 * Out-of-fold scores by row: `real` in two folds; `extra` (validation-only rows) scored by the
 * fold model of its index.
 */
export function crossValidate(
  train: Trainer,
  real: readonly FeaturedRow[],
  extra: readonly FeaturedRow[],
  log: (line: string) => void,
): HeldOutScores {
  const fold = (index: number) => (index * 2654435761) % folds;
  const scores: HeldOutScores = new Map();
  for (let k = 0; k < folds; k += 1) {
    const model = train(
      real.filter((_, index) => fold(index) !== k),
      true,
      k,
    );
    for (const [index, row] of real.entries())
      if (fold(index) === k) scores.set(row, scoreRow(model, row));
    for (const [index, row] of extra.entries())
      if (index % folds === k) scores.set(row, scoreRow(model, row));
    log(`fold ${k + 1}/${folds} done`);
  }
  return scores;
}

/**
 * Leave one source out: for each source, a model trained on the others scores that source's
 * rows (`everything` holds the validation-only rows too). The scores say how the detector does
 * on text shaped unlike anything it was trained on.
 */
export function leaveOneSourceOut(
  train: Trainer,
  real: readonly FeaturedRow[],
  everything: readonly FeaturedRow[],
  log: (line: string) => void,
): HeldOutScores {
  const sources = [...new Set([...real.map((row) => row.row.source), "generated"])].sort();
  const scores: HeldOutScores = new Map();
  for (const [salt, source] of sources.entries()) {
    const model = train(
      real.filter((row) => row.row.source !== source),
      source !== "generated",
      50 + salt,
    );
    for (const row of everything)
      if (row.row.source === source) scores.set(row, scoreRow(model, row));
    log(`left out ${source}`);
  }
  return scores;
}

/**
 * The lowest threshold at which the mean, over the sources in `groups`, of each source's
 * false-positive rate is at most `maxFpr` (each source counts once, however many rows it has).
 */
export function thresholdForMeanFpr(
  groups: readonly (readonly number[])[],
  maxFpr: number,
): number {
  const sources = groups.filter((scores) => scores.length > 0);
  if (sources.length === 0) return 0.5;
  const meanFpr = (threshold: number) =>
    sources.reduce(
      (sum, scores) => sum + scores.filter((score) => score >= threshold).length / scores.length,
      0,
    ) / sources.length;
  const candidates = [...new Set(sources.flat())].sort((left, right) => left - right);
  // The mean rate falls as the threshold rises: the first candidate (just above a score) that
  // meets the target is the lowest.
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (meanFpr(candidates[middle]! + 1e-4) <= maxFpr) high = middle;
    else low = middle + 1;
  }
  return Math.min(0.999, low === candidates.length ? 0.999 : candidates[low]! + 1e-4);
}

/**
 * A threshold per kind of text from held-out scores of its clean rows: the lowest at which the
 * sources' mean false-positive rate is at most `maxFpr`. Rounded up to three decimals, at least 0.5.
 */
export function chooseThresholds(scores: HeldOutScores, maxFpr: number): Record<PiSource, number> {
  const thresholds = {} as Record<PiSource, number>;
  for (const carrier of piSources) {
    const clean = [...scores].filter(([row]) => row.row.label === 0 && row.row.carrier === carrier);
    const bySource = groupBy(clean, ([row]) => row.row.source);
    const groups = [...bySource.values()].map((group) => group.map(([, score]) => score));
    const threshold = Math.max(0.5, thresholdForMeanFpr(groups, maxFpr));
    thresholds[carrier] = Math.ceil(threshold * 1000) / 1000;
  }
  return thresholds;
}

/** Rows grouped by `key`, sorted by name, as a figures table at `thresholds`. */
export function tableBy(
  title: string,
  rows: readonly FeaturedRow[],
  key: (row: FeaturedRow) => string,
  scores: (row: FeaturedRow) => number,
  thresholds: Record<PiSource, number>,
): { table: string; figures: [string, SetFigures][] } {
  const groups = groupBy(rows, key);
  const figures: [string, SetFigures][] = [...groups]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([name, group]) => [
      name,
      setFigures(
        group.map(
          (row): JudgedRow => ({
            score: scores(row),
            label: row.row.label,
            threshold: thresholds[row.row.carrier],
          }),
        ),
      ),
    ]);
  return { table: figuresTable(title, figures), figures };
}
