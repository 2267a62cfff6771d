import { describe, expect, it } from "vitest";
import { loadBuiltinPromptInjectionModel } from "../../../src/detectors/prompt-injection/builtin-model.js";
import { textViews } from "../../../src/detectors/prompt-injection/detector.js";
import type { FeatureConfig } from "../../../src/detectors/text-features/featurize.js";
import type { LinearModel } from "../../../src/detectors/text-features/linear-model.js";
import { scoringPieces, windowStarts } from "../../../src/detectors/text-features/segments.js";
import { createUnitScorer } from "../../../src/detectors/text-features/unit-scorer.js";
import { windowMarginSlack } from "../../../src/detectors/text-features/window-bound.js";
import { equivalenceTexts } from "../prompt-injection/equivalence-corpus.js";

/** A model with pseudo-random weights, so the check does not rest on the shipped ones. */
function randomModel(features: FeatureConfig, seed: number): LinearModel {
  let state = seed;
  const weights = Float32Array.from({ length: 1 << features.bits }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 31 - 1;
  });
  return { id: "random", features, bias: -1, weights, calibration: { a: 1, b: 0 }, threshold: 0.5 };
}

interface Tally {
  windows: number;
  skipped: number;
  /** Windows skipped although their exact margin reaches the floor (must be none). */
  wronglySkipped: number;
  /** Margins that differ from the exact ones without being skipped (must be none). */
  differing: number;
}

/**
 * Compares `marginsAbove` with `margins` for every view of `texts`, with a floor at
 * `floorOf(pieceMargins)`: every margin is either bit for bit the exact one, or `-Infinity`
 * for a window whose exact margin lies below the floor.
 */
function compare(
  model: LinearModel,
  texts: readonly string[],
  floorOf: (pieceMargins: Float64Array, pieceCount: number) => number,
): Tally {
  const exact = createUnitScorer(model);
  const bounded = createUnitScorer(model);
  const tally: Tally = { windows: 0, skipped: 0, wronglySkipped: 0, differing: 0 };
  for (const text of texts) {
    for (const view of textViews(text)) {
      const pieces = scoringPieces(view);
      const starts = windowStarts(pieces);
      const expected = exact.margins(pieces, starts);
      let floor = Number.NaN;
      const got = bounded
        .marginsAbove(pieces, starts, (pieceMargins, pieceCount) => {
          floor = floorOf(pieceMargins, pieceCount);
          return floor;
        })
        .slice(0, pieces.length + starts.length);
      tally.windows += starts.length;
      got.forEach((margin, index) => {
        if (margin === -Infinity && index >= pieces.length) {
          tally.skipped += 1;
          if (!(expected[index]! < floor)) tally.wronglySkipped += 1;
        } else if (!Object.is(margin, expected[index])) tally.differing += 1;
      });
    }
  }
  return tally;
}

const highestPiece = (pieceMargins: Float64Array, pieceCount: number): number =>
  Math.max(...pieceMargins.subarray(0, pieceCount));

describe("marginsAbove", () => {
  const texts = equivalenceTexts(300).filter((_, index) => index % 6 === 0);

  it("skips only windows below the floor and gives every other margin exactly (shipped model)", () => {
    const tally = compare(loadBuiltinPromptInjectionModel(), texts, highestPiece);
    expect(tally.wronglySkipped).toBe(0);
    expect(tally.differing).toBe(0);
    // Most windows of ordinary text score below their best piece: the bound rules them out.
    expect(tally.skipped).toBeGreaterThan(tally.windows * 0.5);
  }, 600_000);

  it("does so for other n-gram orders and weights, with the floor right at a piece's margin", () => {
    const model = randomModel({ bits: 14, wordNgrams: [1, 2, 3], charNgrams: [2, 3, 5] }, 11);
    const tally = compare(model, texts.slice(0, 2000), highestPiece);
    expect(tally.wronglySkipped).toBe(0);
    expect(tally.differing).toBe(0);
    expect(tally.skipped).toBeGreaterThan(0);
  }, 600_000);

  it("bounds a window next to its floor as tightly as the slack says (floor = its exact margin)", () => {
    // With the floor at a window's own exact margin, the window must never be skipped.
    const model = loadBuiltinPromptInjectionModel();
    const exact = createUnitScorer(model);
    const bounded = createUnitScorer(model);
    let checked = 0;
    for (const text of texts.slice(0, 1500)) {
      const pieces = scoringPieces(textViews(text)[0]!);
      const starts = windowStarts(pieces);
      const expected = exact.margins(pieces, starts);
      for (let window = 0; window < starts.length; window += 1) {
        const own = expected[pieces.length + window]!;
        const got = bounded.marginsAbove(pieces, starts, () => own);
        expect(Object.is(got[pieces.length + window], own)).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 600_000);

  it("gives a slack that grows with the window and stays tiny", () => {
    const small = windowMarginSlack(10, 6, 4);
    const large = windowMarginSlack(1000, 6, 4);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small);
    expect(large).toBeLessThan(1e-5);
  });
});
