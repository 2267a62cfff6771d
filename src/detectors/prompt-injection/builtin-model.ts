import { type LinearModel, loadLinearModel } from "../text-features/linear-model.js";
import weights from "./weights/prompt-injection.json" with { type: "json" };

/**
 * The shipped prompt-injection model (trained by `npm run train -- prompt-injection`). Each call
 * decodes the weights afresh; construct a detector once and reuse it.
 */
export function loadBuiltinPromptInjectionModel(): LinearModel {
  return loadLinearModel(weights);
}

/** The decision threshold chosen for the shipped model on our validation split. */
export const builtinPromptInjectionThreshold: number = weights.threshold;
