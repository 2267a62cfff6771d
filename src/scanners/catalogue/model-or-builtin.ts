import type { TextClassifier } from "../../detectors/classifier.js";
import type { OnnxModelOptions } from "../../detectors/onnx/onnx-classifier.js";
import { chooseClassifier } from "../classifier-options.js";

/**
 * The score function of a catalogue scanner: a local ONNX `model` (or a `detector` object) when
 * the options give one, else the built-in scorer.
 */
export function scoreWith(
  options: { detector?: TextClassifier | undefined; model?: OnnxModelOptions | undefined },
  id: string,
  builtin: (text: string) => number,
): (text: string) => number | Promise<number> {
  const choice = {
    ...(options.detector ? { detector: options.detector } : {}),
    ...(options.model ? { model: options.model } : {}),
  };
  const classifier = chooseClassifier(choice, () => ({ id, predict: builtin }));
  return (text) => classifier.predict(text);
}
