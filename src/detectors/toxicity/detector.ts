import type { TextClassifier } from "../classifier.js";
import { compileLexicon, type Lexicon, lexiconDataSchema } from "./lexicon.js";
import { loadWeightsFile } from "./load-weights.js";
import { foldText, tokenize } from "./normalize.js";
import { combineScore } from "./score.js";
import {
  compileSignalLists,
  computeSignals,
  type SignalLists,
  type ToxicitySignals,
} from "./signals.js";

/** Id of the built-in detector, shown in logs and eval output. */
export const builtinToxicityId = "builtin-toxicity-v1";

/** The built-in toxicity detector, with the rule signals behind a score for inspection. */
export interface ToxicityDetector extends TextClassifier {
  /** The rule signals and the final score for one text. */
  explain(text: string): { score: number; signals: ToxicitySignals };
}

/** Parts of the detector; tests and the trainer pass their own. */
export interface ToxicityDetectorParts {
  lexicon?: Lexicon;
}

/**
 * Create the built-in toxicity detector: lexicon + obfuscation handling + context rules, scored
 * into a probability in [0, 1]. Loads its shipped weights once.
 *
 * @example
 * const detector = createToxicityDetector();
 * detector.predict("you are a worthless idiot"); // ~0.9
 */
export function createToxicityDetector(parts: ToxicityDetectorParts = {}): ToxicityDetector {
  const lexicon =
    parts.lexicon ?? compileLexicon(loadWeightsFile("lexicon.json", lexiconDataSchema));
  const lists: SignalLists = compileSignalLists();
  const explain = (text: string): { score: number; signals: ToxicitySignals } => {
    const folded = foldText(text);
    const tokens = tokenize(folded);
    const signals = computeSignals(tokens, folded, lexicon, lists);
    return { score: combineScore(signals), signals };
  };
  return {
    id: builtinToxicityId,
    explain,
    predict: (text) => explain(text).score,
    predictBatch: (texts) => texts.map((text) => explain(text).score),
  };
}
