import type { PiFeatureConfig } from "../../../src/detectors/prompt-injection/features.js";
import { sentenceBuckets } from "../../../src/detectors/prompt-injection/features.js";
import { sentenceRanges, type TextRange } from "../../../src/detectors/prompt-injection/units.js";
import type { Random } from "../lib/random.js";
import type { CorpusRow } from "./corpus.js";
import { type FittedModel, marginFor, type TrainUnit } from "./fit.js";

/** A row with the buckets of each of its sentences, computed once and reused by every model. */
export interface FeaturedRow {
  row: CorpusRow;
  ranges: TextRange[];
  sentences: Uint32Array[];
}

export function featureRow(row: CorpusRow, config: PiFeatureConfig): FeaturedRow {
  const ranges = sentenceRanges(row.text);
  return {
    row,
    ranges,
    sentences: ranges.map((range) =>
      Uint32Array.from(sentenceBuckets(row.text.slice(range.start, range.end), config)),
    ),
  };
}

/** The buckets of several sentences as one unit. */
export function concat(parts: readonly Uint32Array[]): Uint32Array {
  const out = new Uint32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Every unit the detector scores in a row: each sentence, then each pair of neighbours. */
export function rowUnitBuckets(
  featured: FeaturedRow,
): { buckets: Uint32Array; from: number; to: number }[] {
  const { sentences } = featured;
  const out = sentences.map((buckets, index) => ({ buckets, from: index, to: index + 1 }));
  for (let index = 0; index + 1 < sentences.length; index += 1)
    out.push({
      buckets: concat([sentences[index]!, sentences[index + 1]!]),
      from: index,
      to: index + 2,
    });
  return out;
}

/** The detector's score of a row under `model`: the best unit's probability. */
export function scoreRow(model: FittedModel, featured: FeaturedRow): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const unit of rowUnitBuckets(featured))
    best = Math.max(best, marginFor(model, unit.buckets));
  return best === Number.NEGATIVE_INFINITY ? 0 : 1 / (1 + Math.exp(-best));
}

const maxNegativeUnits = 8;

/**
 * Training units of a row. Negatives: its sentences and pairs (at most 8). Positives with a
 * known span: the sentences carrying it (and all of them together) are positive, the others
 * negative. Positives without a span: short ones whole; long ones through `pick`, which returns
 * the units to call positive (multiple-instance learning: the best units under a first model),
 * or all sentences at a low weight when there is no first model yet.
 */
export function rowUnits(
  featured: FeaturedRow,
  random: Random,
  weight: number,
  first: FittedModel | null,
): TrainUnit[] {
  const { row, ranges, sentences } = featured;
  const units = rowUnitBuckets(featured);
  if (row.label === 0) {
    const kept =
      units.length <= maxNegativeUnits ? units : random.shuffle(units).slice(0, maxNegativeUnits);
    return kept.map((unit) => ({ buckets: unit.buckets, label: 0, weight }));
  }
  if (row.span !== undefined) {
    const [start, end] = row.span;
    const inside = ranges.map((range) => range.end > start && range.start < end);
    const out: TrainUnit[] = [];
    const carrying = sentences.filter((_, index) => inside[index]);
    if (carrying.length > 0) out.push({ buckets: concat(carrying), label: 1, weight });
    for (const unit of units) {
      const touches = inside.slice(unit.from, unit.to).some(Boolean);
      if (touches && unit.to - unit.from === 1)
        out.push({ buckets: unit.buckets, label: 1, weight });
      if (!touches && random.chance(0.5)) out.push({ buckets: unit.buckets, label: 0, weight });
    }
    return out;
  }
  if (sentences.length <= 2)
    return [
      { buckets: concat(sentences), label: 1, weight },
      ...(sentences.length === 2
        ? sentences.map((buckets) => ({ buckets, label: 1 as const, weight: weight / 2 }))
        : []),
    ];
  if (first === null) {
    // Jailbreak prompts are attack text through and through; tool outputs and chunks are not.
    if (row.carrier !== "prompt") return [];
    const share = weight / Math.sqrt(sentences.length);
    return sentences.map((buckets) => ({ buckets, label: 1, weight: share }));
  }
  const ranked = units
    .map((unit) => ({ unit, margin: marginFor(first, unit.buckets) }))
    .sort((left, right) => right.margin - left.margin);
  return ranked.slice(0, 2).map(({ unit }) => ({ buckets: unit.buckets, label: 1, weight }));
}
