import { z } from "zod";
import { ConfigError } from "../../common/errors.js";
import {
  type FeatureConfig,
  featureConfigSchema,
  featurize,
  type SparseVector,
} from "./featurize.js";

/** Platt scaling: probability = sigmoid(a · margin + b). */
export const calibrationSchema = z.object({ a: z.number(), b: z.number() });
export type Calibration = z.infer<typeof calibrationSchema>;

/** The JSON file a trainer writes: features, quantised weights (base64 int16 × scale), calibration. */
export const linearModelFileSchema = z.object({
  format: z.literal("ragguard-linear-v1"),
  id: z.string().min(1),
  features: featureConfigSchema,
  bias: z.number(),
  scale: z.number().positive(),
  weights: z.string().min(1),
  calibration: calibrationSchema,
  threshold: z.number().min(0).max(1),
  trainedOn: z.record(z.string(), z.unknown()).optional(),
});

export type LinearModelFile = z.infer<typeof linearModelFileSchema>;

/** A loaded logistic-regression model over hashed n-grams. */
export interface LinearModel {
  readonly id: string;
  readonly features: FeatureConfig;
  readonly bias: number;
  readonly weights: Float32Array;
  readonly calibration: Calibration;
  /** The decision threshold chosen on the validation split at training time. */
  readonly threshold: number;
}

/** Logistic function. */
export function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/**
 * Parse and dequantise a model file (the JSON object, already read); throws a `ConfigError`
 * naming the problem when it is not a valid model.
 */
export function loadLinearModel(file: unknown): LinearModel {
  const parsed = linearModelFileSchema.safeParse(file);
  if (!parsed.success) throw new ConfigError(`invalid linear model file: ${parsed.error.message}`);
  const { features, weights, scale } = parsed.data;
  const bytes = Buffer.from(weights, "base64");
  const size = 1 << features.bits;
  if (bytes.length !== size * 2) {
    throw new ConfigError(
      `linear model ${parsed.data.id}: expected ${size} int16 weights, got ${bytes.length / 2}`,
    );
  }
  const dense = new Float32Array(size);
  for (let index = 0; index < size; index += 1) dense[index] = bytes.readInt16LE(index * 2) * scale;
  return { ...parsed.data, weights: dense };
}

/** Quantise float weights into the base64 int16 form of a model file. */
export function encodeWeights(weights: Float32Array): { scale: number; weights: string } {
  let max = 0;
  for (const weight of weights) max = Math.max(max, Math.abs(weight));
  const scale = max > 0 ? max / 32767 : 1;
  const bytes = Buffer.alloc(weights.length * 2);
  for (const [index, weight] of weights.entries())
    bytes.writeInt16LE(Math.round(weight / scale), index * 2);
  return { scale, weights: bytes.toString("base64") };
}

/** The raw margin (bias + w·x) of a sparse vector. */
export function marginOf(
  model: Pick<LinearModel, "bias" | "weights">,
  vector: SparseVector,
): number {
  let sum = model.bias;
  for (let position = 0; position < vector.indices.length; position += 1) {
    sum += (model.weights[vector.indices[position]!] ?? 0) * vector.values[position]!;
  }
  return sum;
}

/** Calibrated probability that normalised `text` is positive. */
export function predictProbability(model: LinearModel, text: string): number {
  const margin = marginOf(model, featurize(text, model.features));
  return sigmoid(model.calibration.a * margin + model.calibration.b);
}
