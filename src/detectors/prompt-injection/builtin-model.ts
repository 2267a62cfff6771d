import { loadPiModel, type PiModel, type PiSource } from "./model-file.js";
import weights from "./weights/prompt-injection.json" with { type: "json" };

/**
 * The shipped prompt-injection model (trained by `npm run train -- prompt-injection`). Each call
 * decodes the weights afresh; construct a detector once and reuse it.
 */
export function loadBuiltinPromptInjectionModel(): PiModel {
  return loadPiModel(weights);
}

/** The shipped thresholds per kind of text, each chosen for a false-positive rate ≤ 1 %. */
export const builtinPromptInjectionThresholds: Readonly<Record<PiSource, number>> =
  weights.thresholds;

/** The shipped threshold for prompts (the scanner's default kind of text). */
export const builtinPromptInjectionThreshold: number = weights.thresholds.prompt;
