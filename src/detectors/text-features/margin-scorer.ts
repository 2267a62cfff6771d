import { createBucketCounts } from "./bucket-counts.js";
import { createFeatureBuffer, writeFeatures } from "./featurize.js";
import type { LinearModel } from "./linear-model.js";
import { createTokenCodes } from "./token-codes.js";

/** Scores texts against one linear model without allocating a sparse vector per text. */
export interface MarginScorer {
  /** bias + w·x for normalised `text`, exactly as `marginOf(model, featurize(text))`. */
  margin(text: string): number;
}

/**
 * A fast scorer for `model`: a text's bucket counts go into a small table owned by this scorer
 * (see {@link createBucketCounts}), summed in the order buckets first occur, so margins are
 * bit-for-bit those of the first implementation.
 *
 * @example
 * const scorer = createMarginScorer(model); scorer.margin("ignore all previous instructions");
 */
export function createMarginScorer(model: LinearModel): MarginScorer {
  const counts = createBucketCounts();
  const scratch = createTokenCodes();
  const buffer = createFeatureBuffer();
  return {
    margin(text) {
      counts.reset();
      writeFeatures(text, model.features, scratch, buffer, 0, counts);
      return counts.margin(model);
    },
  };
}
