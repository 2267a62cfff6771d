import { featurize } from "../text-features/featurize.js";
import {
  type LinearModel,
  loadLinearModel,
  marginOf,
  sigmoid,
} from "../text-features/linear-model.js";
import { createMarginScorer } from "../text-features/margin-scorer.js";
import type { NormalizedToken } from "./normalize.js";
import { identityWords } from "./terms.js";

const identity = new Set(identityWords);
const personNouns = new Set([
  "people",
  "person",
  "folks",
  "man",
  "men",
  "woman",
  "women",
  "guy",
  "guys",
  "community",
]);

/**
 * The text the toxicity model sees: de-obfuscated tokens joined by single spaces, with identity
 * words (and their article and the noun after them) left out, so the model cannot learn that an
 * identity is toxic; identity-directed abuse is the rules' job.
 */
export function modelText(tokens: readonly NormalizedToken[]): string {
  const words: string[] = [];
  let afterIdentity = false;
  for (const token of tokens) {
    if (afterIdentity && personNouns.has(token.text)) continue;
    afterIdentity = identity.has(token.text);
    if (!afterIdentity) {
      words.push(token.text);
      continue;
    }
    // Drop the article too, so "sam is a <identity>" does not read as "sam is a ..." cut short.
    const last = words[words.length - 1];
    if (last === "a" || last === "an" || last === "the") words.pop();
  }
  return words.join(" ");
}

/** Calibrated probability from the hashed n-gram model for already-tokenized text. */
export function predictModel(model: LinearModel, tokens: readonly NormalizedToken[]): number {
  if (tokens.length === 0) return 0;
  const margin = marginOf(model, featurize(modelText(tokens), model.features));
  return sigmoid(model.calibration.a * margin + model.calibration.b);
}

/**
 * The same probability as {@link predictModel}, through a scorer that reuses its buffers (the
 * detector's hot path).
 */
export function createModelScorer(
  model: LinearModel,
): (tokens: readonly NormalizedToken[]) => number {
  const scorer = createMarginScorer(model);
  return (tokens) => {
    if (tokens.length === 0) return 0;
    return sigmoid(model.calibration.a * scorer.margin(modelText(tokens)) + model.calibration.b);
  };
}

/** Parse the shipped model file (the JSON object already read). */
export function parseToxicityModel(file: unknown): LinearModel {
  return loadLinearModel(file);
}
