import { forEachFeature } from "./featurize.js";
import type { LinearModel } from "./linear-model.js";

/** Scores texts against one linear model without allocating a sparse vector per text. */
export interface MarginScorer {
  /** bias + w·x for normalised `text`, exactly as `marginOf(model, featurize(text))`. */
  margin(text: string): number;
}

/**
 * A fast scorer for `model`: counts land in a scratch array owned by this scorer (one per
 * detector, so no state is shared between detectors), then the touched buckets are reset.
 *
 * @example
 * const scorer = createMarginScorer(model); scorer.margin("ignore all previous instructions");
 */
export function createMarginScorer(model: LinearModel): MarginScorer {
  const counts = new Uint32Array(1 << model.features.bits);
  const touched: number[] = [];
  const logValue = Float64Array.from(
    { length: 64 },
    (_, count) => 1 + Math.log(Math.max(1, count)),
  );
  const visit = (bucket: number) => {
    if (counts[bucket] === 0) touched.push(bucket);
    counts[bucket]! += 1;
  };
  return {
    margin(text) {
      touched.length = 0;
      forEachFeature(text, model.features, visit);
      let dot = 0;
      let norm = 0;
      for (const bucket of touched) {
        const count = counts[bucket]!;
        const value = count < 64 ? logValue[count]! : 1 + Math.log(count);
        dot += model.weights[bucket]! * value;
        norm += value * value;
        counts[bucket] = 0;
      }
      return model.bias + (norm > 0 ? dot / Math.sqrt(norm) : 0);
    },
  };
}
