import type { SparseVector } from "../../../src/detectors/text-features/featurize.js";
import { marginOf, sigmoid } from "../../../src/detectors/text-features/linear-model.js";
import type { Random } from "./random.js";

/** One labelled, featurized training example. */
export interface Example {
  vector: SparseVector;
  label: 0 | 1;
  /** Loss weight (default 1). */
  weight?: number;
}

/** Hyper-parameters of {@link trainLogistic}. */
export interface LogisticOptions {
  dimension: number;
  epochs: number;
  /** Adagrad base learning rate. */
  learningRate: number;
  /** L2 penalty per example step. */
  l2: number;
  random: Random;
}

/** Trained weights and bias. */
export interface LogisticModel {
  weights: Float32Array;
  bias: number;
}

/**
 * Train logistic regression with Adagrad and L2 over sparse examples, shuffling each epoch with
 * the seeded generator (so runs are reproducible).
 */
export function trainLogistic(
  examples: readonly Example[],
  options: LogisticOptions,
): LogisticModel {
  const weights = new Float32Array(options.dimension);
  const squares = new Float32Array(options.dimension).fill(1e-6);
  const model = { weights, bias: 0 };
  let biasSquares = 1e-6;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    for (const example of options.random.shuffle(examples)) {
      const error =
        (sigmoid(marginOf(model, example.vector)) - example.label) * (example.weight ?? 1);
      const { indices, values } = example.vector;
      for (let position = 0; position < indices.length; position += 1) {
        const index = indices[position]!;
        const gradient = error * values[position]! + options.l2 * weights[index]!;
        squares[index]! += gradient * gradient;
        weights[index]! -= (options.learningRate * gradient) / Math.sqrt(squares[index]!);
      }
      biasSquares += error * error;
      model.bias -= (options.learningRate * error) / Math.sqrt(biasSquares);
    }
  }
  return model;
}

/**
 * Fit Platt scaling (probability = sigmoid(a · margin + b)) on held-out margins by gradient
 * descent on the log loss.
 */
export function fitPlatt(
  margins: readonly number[],
  labels: readonly (0 | 1)[],
  iterations = 2000,
): { a: number; b: number } {
  let a = 1;
  let b = 0;
  const rate = 0.05;
  for (let step = 0; step < iterations; step += 1) {
    let gradA = 0;
    let gradB = 0;
    for (const [index, margin] of margins.entries()) {
      const error = sigmoid(a * margin + b) - labels[index]!;
      gradA += error * margin;
      gradB += error;
    }
    a -= (rate * gradA) / margins.length;
    b -= (rate * gradB) / margins.length;
  }
  return { a, b };
}
