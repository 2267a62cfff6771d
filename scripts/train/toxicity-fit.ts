import {
  type FeatureConfig,
  featurize,
  type SparseVector,
} from "../../src/detectors/text-features/featurize.js";
import {
  encodeWeights,
  type LinearModel,
  type LinearModelFile,
  loadLinearModel,
  marginOf,
} from "../../src/detectors/text-features/linear-model.js";
import { modelText } from "../../src/detectors/toxicity/model.js";
import { foldText, tokenize } from "../../src/detectors/toxicity/normalize.js";
import { fitPlatt, trainLogistic } from "./lib/logistic.js";
import type { Random } from "./lib/random.js";
import type { LabelledText } from "./toxicity-data.js";

/**
 * Hashed features of the shipped model: word uni- and bigrams, character 2- and 4-grams. The
 * 2-grams carry Chinese, Japanese and Korean (no spaces, two-character words); the 4-grams carry
 * the alphabetic languages and spellings the tokenizer did not undo.
 */
export const toxicityFeatures: FeatureConfig = {
  bits: 19,
  wordNgrams: [1, 2],
  charNgrams: [2, 4],
};

/** A labelled row with its feature vector, computed once and reused by every fold. */
export interface FeaturizedRow extends LabelledText {
  vector: SparseVector;
}

/** The vector the model sees for a text: the detector's own tokenization and word filter. */
export function featurizeText(text: string): SparseVector {
  return featurize(modelText(tokenize(foldText(text))), toxicityFeatures);
}

/** Down-sample the larger class so calibration assumes even odds, not the corpora's mix. */
function balanceClasses<T extends { label: 0 | 1 }>(rows: readonly T[], random: Random): T[] {
  const positives = rows.filter((row) => row.label === 1);
  const negatives = rows.filter((row) => row.label === 0);
  const size = Math.min(positives.length, negatives.length);
  return [...random.shuffle(positives).slice(0, size), ...random.shuffle(negatives).slice(0, size)];
}

/** Hyper-parameters of one fit. */
export interface FitOptions {
  epochs: number;
  l2: number;
  random: Random;
}

/**
 * Logistic regression (Adagrad, L2) on `train`, Platt-calibrated on class-balanced `calibration`
 * rows; returns the model file (quantised as shipped) and the loaded model.
 */
export function fitToxicityModel(
  train: readonly FeaturizedRow[],
  calibration: readonly FeaturizedRow[],
  options: FitOptions,
): { file: LinearModelFile; model: LinearModel } {
  const raw = trainLogistic(train, {
    dimension: 1 << toxicityFeatures.bits,
    epochs: options.epochs,
    learningRate: 0.2,
    l2: options.l2,
    random: options.random,
  });
  const balanced = balanceClasses(calibration, options.random);
  const platt = fitPlatt(
    balanced.map((row) => marginOf(raw, row.vector)),
    balanced.map((row) => row.label),
  );
  const file: LinearModelFile = {
    format: "ragguard-linear-v1",
    id: "builtin-toxicity-v2",
    features: toxicityFeatures,
    bias: raw.bias,
    ...encodeWeights(raw.weights),
    calibration: platt,
    threshold: 0.5,
  };
  return { file, model: loadLinearModel(file) };
}
