import { createDenseMargin } from "../text-features/dense-counts.js";
import { createFeatureBuffer, featurize, writeTokenFeatures } from "../text-features/featurize.js";
import {
  type LinearModel,
  loadLinearModel,
  marginOf,
  sigmoid,
} from "../text-features/linear-model.js";
import {
  appendTokenCodes,
  beginTokenCodes,
  createTokenCodes,
  finishTokenCodes,
} from "../text-features/token-codes.js";
import type { NormalizedToken, Tokens } from "./normalize.js";
import { identityWords } from "./terms.js";
import type { WordFacts } from "./word-facts.js";

const identity = new Set(identityWords);

/** The identity words {@link modelWords} leaves out. */
export const modelIdentityWords: ReadonlySet<string> = identity;
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
 * The words the toxicity model sees: de-obfuscated tokens, with identity words (and their
 * article and the noun after them) left out, so the model cannot learn that an identity is
 * toxic; identity-directed abuse is the rules' job. With `facts` (see `word-facts.ts`), each
 * word's identity flag is read from its facts instead of looked up.
 */
export function modelWords(
  words: readonly string[],
  facts?: readonly ({ readonly identity: boolean } | undefined)[],
): string[] {
  const kept: string[] = [];
  let afterIdentity = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    if (afterIdentity && personNouns.has(word)) continue;
    afterIdentity = facts === undefined ? identity.has(word) : facts[index]?.identity === true;
    if (!afterIdentity) {
      kept.push(word);
      continue;
    }
    // Drop the article too, so "sam is a <identity>" does not read as "sam is a ..." cut short.
    const last = kept[kept.length - 1];
    if (last === "a" || last === "an" || last === "the") kept.pop();
  }
  return kept;
}

/** The text the toxicity model sees: {@link modelWords} joined by single spaces. */
export function modelText(tokens: readonly NormalizedToken[]): string {
  return modelWords(tokens.map((token) => token.text)).join(" ");
}

/** Calibrated probability from the hashed n-gram model for already-tokenized text. */
export function predictModel(model: LinearModel, tokens: readonly NormalizedToken[]): number {
  if (tokens.length === 0) return 0;
  const margin = marginOf(model, featurize(modelText(tokens), model.features));
  return sigmoid(model.calibration.a * margin + model.calibration.b);
}

/**
 * The same probability as {@link predictModel}, through a scorer that reuses its buffers (the
 * detector's hot path). The model words go to the featurizer's token codes one by one: a space
 * ends every token, so they are the codes of the joined text, without joining it.
 */
export function createModelScorer(
  model: LinearModel,
): (tokens: Tokens, facts?: readonly (WordFacts | undefined)[]) => number {
  const counts = createDenseMargin(model.features.bits);
  const codes = createTokenCodes();
  const buffer = createFeatureBuffer();
  // Per kept word: its index in `words`, and the token count and joined length before it.
  let marks = new Int32Array(3 * 128);
  return ({ words }, facts) => {
    if (words.length === 0) return 0;
    // The words of `modelWords(words, facts)` go to the codes as they are kept; dropping an
    // article takes its codes back out (appending only adds after them), so no list is built.
    let size = 0;
    for (const word of words) size += word.length + 1;
    beginTokenCodes(codes, size);
    if (marks.length < words.length * 3) marks = new Int32Array(words.length * 6);
    let kept = 0;
    let afterIdentity = false;
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index]!;
      if (afterIdentity && personNouns.has(word)) continue;
      afterIdentity = facts === undefined ? identity.has(word) : facts[index]?.identity === true;
      if (!afterIdentity) {
        marks[kept * 3] = index;
        marks[kept * 3 + 1] = codes.count;
        marks[kept * 3 + 2] = codes.length;
        kept += 1;
        appendTokenCodes(word, codes);
        continue;
      }
      // Drop the article too (see `modelWords`).
      const last = kept > 0 ? words[marks[(kept - 1) * 3]!]! : "";
      if (last === "a" || last === "an" || last === "the") {
        kept -= 1;
        codes.count = marks[kept * 3 + 1]!;
        codes.length = marks[kept * 3 + 2]!;
      }
    }
    finishTokenCodes(codes);
    const end = writeTokenFeatures(codes, model.features, buffer, 0);
    const margin = counts.margin(model, buffer.buckets, 0, end);
    return sigmoid(model.calibration.a * margin + model.calibration.b);
  };
}

/** Parse the shipped model file (the JSON object already read). */
export function parseToxicityModel(file: unknown): LinearModel {
  return loadLinearModel(file);
}
