import { z } from "zod";
import { once } from "../../common/once.js";
import type { TextClassifier } from "../classifier.js";
import type { LinearModel } from "../text-features/linear-model.js";
import { compileLexicon, type Lexicon, lexiconDataSchema } from "./lexicon.js";
import { loadWeightsFile } from "./load-weights.js";
import { createModelScorer, modelIdentityWords, parseToxicityModel } from "./model.js";
import { foldText, splitTokens } from "./normalize.js";
import { combineScore } from "./score.js";
import {
  compileSignalLists,
  computeSignals,
  type SignalLists,
  type ToxicitySignals,
} from "./signals.js";
import { splitForScoring } from "./split.js";
import { compileWordFacts } from "./word-facts.js";

/** Id of the built-in detector, shown in logs and eval output. */
export const builtinToxicityId = "builtin-toxicity-v2";

/** What the detector found in the highest-scoring piece of a text. */
export interface ToxicityExplanation {
  score: number;
  /** Calibrated probability of the n-gram model for that piece. */
  model: number;
  signals: ToxicitySignals;
  piece: string;
}

/** The built-in toxicity detector, with the evidence behind a score for inspection. */
export interface ToxicityDetector extends TextClassifier {
  explain(text: string): ToxicityExplanation;
}

/** Parts of the detector; the trainer and tests pass their own. */
export interface ToxicityDetectorParts {
  lexicon?: Lexicon;
  /** The n-gram model; `null` runs the rules alone. */
  model?: LinearModel | null;
  /** Set false to score with the model alone (used to report the model's own AUC). */
  rules?: boolean;
}

/**
 * Create the built-in toxicity detector: de-obfuscation, a severity-tagged lexicon, context
 * rules (quoted, reclaimed, medical, technical) and a hashed n-gram model, scored per sentence
 * into a probability in [0, 1]. Loads its shipped weights once.
 *
 * @example
 * const detector = createToxicityDetector();
 * detector.predict("you are a worthless idiot"); // > 0.5
 */
export function createToxicityDetector(parts: ToxicityDetectorParts = {}): ToxicityDetector {
  const lexicon =
    parts.lexicon ?? compileLexicon(loadWeightsFile("lexicon.json", lexiconDataSchema));
  const model =
    parts.model === undefined
      ? parseToxicityModel(loadWeightsFile("model.json", z.unknown()))
      : parts.model;
  const lists: SignalLists = compileSignalLists();
  const useRules = parts.rules ?? true;
  const scoreModel = model ? createModelScorer(model) : undefined;
  const isKnown = (word: string): boolean => lexicon.has(word) || lists.known.has(word);
  const wordFacts = compileWordFacts(modelIdentityWords, lists.ruleStarts, lexicon);
  const explainPiece = (piece: string): ToxicityExplanation => {
    const tokens = lexicon.unmask(splitTokens(piece, isKnown));
    const facts = wordFacts?.of(tokens.words);
    const probability = scoreModel?.(tokens, facts);
    const signals = computeSignals(tokens, piece, lexicon, lists, facts);
    const score = useRules ? combineScore(signals, probability) : (probability ?? 0);
    return { score, model: probability ?? 0, signals, piece };
  };
  const explain = (text: string): ToxicityExplanation => {
    let best: ToxicityExplanation | undefined;
    for (const piece of splitForScoring(foldText(text))) {
      const found = explainPiece(piece);
      if (!best || found.score > best.score) best = found;
    }
    return best ?? explainPiece("");
  };
  return {
    id: builtinToxicityId,
    explain,
    predict: (text) => explain(text).score,
    predictBatch: (texts) => texts.map((text) => explain(text).score),
  };
}

/**
 * The built-in detector with the shipped weights, loaded once per process (or worker) and shared:
 * it keeps no state between calls (its scratch buffers are reset on every call), so a scanner
 * built per request costs nothing extra.
 *
 * @example
 * new Toxicity({ detector: sharedToxicityDetector() });
 */
export const sharedToxicityDetector: () => ToxicityDetector = once(() => createToxicityDetector());
