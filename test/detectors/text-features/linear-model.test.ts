import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/common/errors.js";
import { featurize } from "../../../src/detectors/text-features/featurize.js";
import {
  encodeWeights,
  loadLinearModel,
  marginOf,
  predictProbability,
} from "../../../src/detectors/text-features/linear-model.js";

const features = { bits: 10, wordNgrams: [1, 2], charNgrams: [4] };

describe("featurize", () => {
  it("returns a sorted, unique, L2-normalised sparse vector", () => {
    const vector = featurize("send the file, send the file", features);
    const norm = Array.from(vector.values).reduce((sum, value) => sum + value * value, 0);
    expect(norm).toBeCloseTo(1, 5);
    expect(Array.from(vector.indices)).toEqual([...new Set(vector.indices)].sort((a, b) => a - b));
  });
});

describe("linear model files", () => {
  it("round-trips quantised weights and scores with the calibration", () => {
    const weights = new Float32Array(1 << features.bits);
    for (const index of featurize("alpha beta", features).indices) weights[index] = 2;
    const file = {
      format: "ragguard-linear-v1",
      id: "test",
      features,
      bias: -1,
      ...encodeWeights(weights),
      calibration: { a: 1, b: 0 },
      threshold: 0.5,
    };
    const model = loadLinearModel(file);
    expect(marginOf(model, featurize("alpha beta", features))).toBeGreaterThan(1);
    expect(predictProbability(model, "alpha beta")).toBeGreaterThan(0.7);
    expect(predictProbability(model, "gamma delta")).toBeLessThan(0.5);
  });

  it("rejects a malformed file with a ConfigError naming the problem", () => {
    expect(() => loadLinearModel({ format: "other" })).toThrow(ConfigError);
    const bad = {
      format: "ragguard-linear-v1",
      id: "x",
      features,
      bias: 0,
      scale: 1,
      weights: "AAAA",
      calibration: { a: 1, b: 0 },
      threshold: 0.5,
    };
    expect(() => loadLinearModel(bad)).toThrow(/expected 1024 int16 weights/);
  });
});
