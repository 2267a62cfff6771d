import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadLinearModel } from "../../../src/detectors/text-features/linear-model.js";
import { loadWeightsFile } from "../../../src/detectors/toxicity/load-weights.js";
import {
  createModelScorer,
  modelText,
  predictModel,
} from "../../../src/detectors/toxicity/model.js";
import { foldText, tokenize } from "../../../src/detectors/toxicity/normalize.js";

const model = loadLinearModel(loadWeightsFile("model.json", z.unknown()));
const tokens = (text: string) => tokenize(foldText(text));

describe("toxicity model", () => {
  it("ships a valid model file with the features it was trained with", () => {
    expect(model.id).toBe("builtin-toxicity-v1");
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
      expect(scorer(tokens(text)), text).toBeCloseTo(predictModel(model, tokens(text)), 6);
    }
  });

  it("ranks abuse above ordinary text", () => {
    const scorer = createModelScorer(model);
    expect(scorer(tokens("shut up you pathetic loser"))).toBeGreaterThan(
      scorer(tokens("thanks for the help with the report")),
    );
  });
});
