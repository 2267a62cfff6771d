import { describe, expect, it } from "vitest";
import { loadBuiltinPromptInjectionModel } from "../../../src/detectors/prompt-injection/builtin-model.js";
import { textViews } from "../../../src/detectors/prompt-injection/detector.js";
import type { FeatureConfig } from "../../../src/detectors/text-features/featurize.js";
import type { LinearModel } from "../../../src/detectors/text-features/linear-model.js";
import { createMarginScorer } from "../../../src/detectors/text-features/margin-scorer.js";
import {
  scoringPieces,
  scoringUnits,
  windowStarts,
} from "../../../src/detectors/text-features/segments.js";
import { createUnitScorer } from "../../../src/detectors/text-features/unit-scorer.js";
import { equivalenceTexts } from "../prompt-injection/equivalence-corpus.js";

/** A model with pseudo-random weights, so the proof does not rest on the shipped ones. */
function randomModel(features: FeatureConfig, seed: number): LinearModel {
  let state = seed;
  const weights = Float32Array.from({ length: 1 << features.bits }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 31 - 1;
  });
  return {
    id: "random",
    features,
    bias: 0.25,
    weights,
    calibration: { a: 1, b: 0 },
    threshold: 0.5,
  };
}

/** Units whose margin differs from featurizing the unit's own text (should be none). */
function differingUnits(model: LinearModel, texts: readonly string[]): number {
  const reference = createMarginScorer(model);
  const scorer = createUnitScorer(model);
  let differing = 0;
  let units = 0;
  for (const text of texts) {
    for (const view of textViews(text)) {
      const pieces = scoringPieces(view);
      const margins = scorer.margins(pieces, windowStarts(pieces));
      const expected = scoringUnits(view).map((unit) => reference.margin(unit));
      units += expected.length;
      expect(margins.length).toBe(expected.length);
      expected.forEach((margin, index) => {
        if (!Object.is(margins[index], margin)) differing += 1;
      });
    }
  }
  expect(units).toBeGreaterThan(texts.length);
  return differing;
}

describe("createUnitScorer", () => {
  const texts = equivalenceTexts(300).filter((_, index) => index % 4 === 0);

  it("gives every piece and window the same margin bit for bit (shipped model)", () => {
    expect(differingUnits(loadBuiltinPromptInjectionModel(), texts)).toBe(0);
  }, 600_000);

  it("does so for other n-gram orders too (random weights)", () => {
    const features = { bits: 16, wordNgrams: [1, 2, 3], charNgrams: [2, 3, 5] };
    expect(differingUnits(randomModel(features, 7), texts.slice(0, 3000))).toBe(0);
  }, 600_000);

  it("handles tiny pieces, punctuation and non-BMP characters at the join", () => {
    const model = randomModel({ bits: 12, wordNgrams: [1, 2, 4], charNgrams: [3, 6] }, 3);
    const reference = createMarginScorer(model);
    const pieces = ["a", "b.", "😀 x", "?!", "über straße", "x", "y z", "1 2 3 4 5 6 7"];
    const starts = pieces.slice(1).map((_, start) => start);
    const margins = createUnitScorer(model).margins(pieces, starts);
    const expected = [
      ...pieces.map((piece) => reference.margin(piece)),
      ...starts.map((start) => reference.margin(`${pieces[start]} ${pieces[start + 1]}`)),
    ];
    expect([...margins]).toEqual(expected);
  });
});
