import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadLinearModel, sigmoid } from "../../../src/detectors/text-features/linear-model.js";
import { createMarginScorer } from "../../../src/detectors/text-features/margin-scorer.js";
import { loadWeightsFile } from "../../../src/detectors/toxicity/load-weights.js";
import {
  createModelScorer,
  modelText,
  predictModel,
} from "../../../src/detectors/toxicity/model.js";
import { foldText, splitTokens, tokenize } from "../../../src/detectors/toxicity/normalize.js";

const model = loadLinearModel(loadWeightsFile("model.json", z.unknown()));
const tokens = (text: string) => tokenize(foldText(text));
const tokenList = (text: string) => splitTokens(foldText(text));

describe("toxicity model", () => {
  it("ships a valid model file with the features it was trained with", () => {
    expect(model.id).toBe("builtin-toxicity-v2");
    expect(model.weights.length).toBe(1 << model.features.bits);
  });

  it("leaves identity words, their article and the noun after them out of the model text", () => {
    expect(modelText(tokens("Sam is a gay man who cooks"))).toBe("sam is who cooks");
    expect(modelText(tokens("Muslims are vermin"))).toBe("are vermin");
  });

  it("scores through the fast scorer exactly like the reference path", () => {
    const scorer = createModelScorer(model);
    for (const text of [
      "",
      "a",
      "you are a worthless idiot",
      "kill the process, then restart it",
      "lorem ipsum ".repeat(50),
    ]) {
      expect(scorer(tokenList(text)), text).toBeCloseTo(predictModel(model, tokens(text)), 6);
    }
  });

  it("scores the model words bit for bit as the joined model text", () => {
    const scorer = createModelScorer(model);
    const margins = createMarginScorer(model);
    for (const text of [
      "a",
      "Sam is a gay man who cooks",
      "you f*cking 1d10t, sh1t h@ppens!!",
      "naïve café 😀 ١٢٣ 中文 x86 \ud800 don't 'quoted'",
      "I h a t e you, f.u.c.k off -- $hit",
      "the muslims people are the best ".repeat(20),
      "gay a the gay an gay muslim people the",
    ]) {
      const joined = modelText(tokens(text));
      const expected = sigmoid(model.calibration.a * margins.margin(joined) + model.calibration.b);
      expect(scorer(tokenList(text)), text).toBe(expected);
    }
  });

  it("ranks abuse above ordinary text", () => {
    const scorer = createModelScorer(model);
    expect(scorer(tokenList("shut up you pathetic loser"))).toBeGreaterThan(
      scorer(tokenList("thanks for the help with the report")),
    );
  });
});
