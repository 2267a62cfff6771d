import type { TextClassifier } from "../../detectors/classifier.js";
import type { OnnxModelOptions } from "../../detectors/onnx/onnx-classifier.js";
import type { ScanResult } from "../../scan/scanner.js";
import { splitSentences } from "../../scan/segment.js";
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

/**
 * Score `text` whole, or each of its sentences with `sentences` (the highest counts); the text
 * is invalid at `threshold` and passes through unchanged.
 */
export async function scanByScore(
  text: string,
  score: (text: string) => number | Promise<number>,
  threshold: number,
  sentences: boolean,
): Promise<ScanResult> {
  if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
  let highest = 0;
  for (const piece of sentences ? splitSentences(text) : [text]) {
    highest = Math.max(highest, await score(piece));
  }
  return { sanitized: text, valid: highest < threshold, score: highest };
}
