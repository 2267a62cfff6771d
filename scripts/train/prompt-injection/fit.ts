import { sigmoid } from "../../../src/detectors/text-features/linear-model.js";
import type { Random } from "../lib/random.js";

/** One training unit: the hash buckets of its sentences (with repeats), label and loss weight. */
export interface TrainUnit {
  buckets: Uint32Array;
  label: 0 | 1;
  weight: number;
}

/** Weights and bias of the trained logistic model. */
export interface FittedModel {
  weights: Float32Array;
  bias: number;
}

/** The detector's margin for a unit: bias + Σ w / √count (as `unitMargin` in the detector). */
export function marginFor(model: FittedModel, buckets: Uint32Array): number {
  if (buckets.length === 0) return model.bias;
  let sum = 0;
  for (const bucket of buckets) sum += model.weights[bucket]!;
  return model.bias + sum / Math.sqrt(buckets.length);
}

/**
 * Logistic regression by Adagrad with L2, over units whose features are bucket occurrences each
 * worth 1/√count; positives and negatives are reweighted to equal total weight. Seeded shuffles.
 */
export function fitLogistic(
  units: readonly TrainUnit[],
  options: { bits: number; epochs: number; learningRate: number; l2: number; random: Random },
): FittedModel {
  const size = 1 << options.bits;
  const model: FittedModel = { weights: new Float32Array(size), bias: 0 };
  const squares = new Float32Array(size).fill(1e-6);
  let biasSquares = 1e-6;
  let positive = 0;
  let negative = 0;
  for (const unit of units) {
    if (unit.label === 1) positive += unit.weight;
    else negative += unit.weight;
  }
  const total = positive + negative;
  const classWeight = [
    total / (2 * Math.max(negative, 1e-9)),
    total / (2 * Math.max(positive, 1e-9)),
  ];
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (const unit of options.random.shuffle(units)) {
      const count = unit.buckets.length;
      if (count === 0) continue;
      const error =
        (sigmoid(marginFor(model, unit.buckets)) - unit.label) *
        unit.weight *
        classWeight[unit.label]!;
      const scale = 1 / Math.sqrt(count);
      for (const bucket of unit.buckets) {
        const gradient = error * scale + options.l2 * model.weights[bucket]!;
        squares[bucket]! += gradient * gradient;
        model.weights[bucket]! -= (options.learningRate * gradient) / Math.sqrt(squares[bucket]!);
      }
      biasSquares += error * error;
      model.bias -= (options.learningRate * error) / Math.sqrt(biasSquares);
    }
  }
  return model;
}
