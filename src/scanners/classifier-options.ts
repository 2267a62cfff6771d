import { z } from "zod";
import type { TextClassifier } from "../detectors/classifier.js";
import {
  createOnnxClassifier,
  type OnnxModelOptions,
  onnxModelOptionsSchema,
} from "../detectors/onnx/onnx-classifier.js";

/** Any object with a `predict(text)` function is a {@link TextClassifier}. */
export const textClassifierSchema = z.custom<TextClassifier>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { predict?: unknown }).predict === "function",
  { message: "detector must be a TextClassifier (an object with a predict(text) function)" },
);

/**
 * The options every classifier scanner shares: a `detector` object, or a local transformer
 * `model` folder (the form a YAML config can carry), or neither for the built-in detector.
 */
export const classifierChoiceShape = {
  /** Replace the built-in detector with any {@link TextClassifier}. */
  detector: textClassifierSchema.optional(),
  /** A local transformer model folder run through the optional `@huggingface/transformers`. */
  model: onnxModelOptionsSchema.optional(),
};

/** Refinement for schemas built on {@link classifierChoiceShape}: `.refine(...oneClassifierChoice)`. */
export const oneClassifierChoice: [
  (options: { detector?: TextClassifier; model?: OnnxModelOptions }) => boolean,
  { message: string; path: PropertyKey[] },
] = [
  (options) => !(options.detector && options.model),
  { message: "give either detector or model, not both", path: ["model"] },
];

/** The classifier a scanner uses: the given detector, the model folder, or the built-in one. */
export function chooseClassifier(
  options: { detector?: TextClassifier; model?: OnnxModelOptions },
  builtin: () => TextClassifier,
): TextClassifier {
  if (options.detector) return options.detector;
  if (options.model) return createOnnxClassifier(options.model);
  return builtin();
}
