import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import { formatZodError } from "../common/parse-config.js";
import type { TextClassifier } from "../detectors/classifier.js";
import { sharedToxicityDetector } from "../detectors/toxicity/detector.js";
import { MatchType } from "../scan/match-type.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import {
  chooseClassifier,
  classifierChoiceShape,
  oneClassifierChoice,
} from "./classifier-options.js";
import { classifySegments } from "./classify-segments.js";

/** Default threshold of the built-in detector (chosen on our own validation split). */
export const defaultToxicityThreshold = 0.5;

/** Options of the {@link Toxicity} scanner. */
export const toxicityOptionsSchema = z
  .object({
    /** A text is invalid when its score reaches this value. */
    threshold: z.number().min(0).max(1).default(defaultToxicityThreshold),
    /** Score the whole text (`full`) or each sentence (`sentence`); the highest score counts. */
    matchType: z.enum([MatchType.FULL, MatchType.SENTENCE]).default(MatchType.FULL),
    /**
     * `detector`: a TextClassifier of yours; `model`: a local transformer folder (multi-label sigmoid,
     * e.g. an ONNX export of unitary/unbiased-toxic-roberta). Give one or neither.
     */
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type ToxicityOptions = z.input<typeof toxicityOptionsSchema>;

/**
 * Scores how toxic a text is (insults, threats, hateful generalisations, slurs, obscenity) with
 * the built-in offline detector; never changes the text.
 *
 * @example
 * const toxicity = new Toxicity({ threshold: 0.5 });
 * const { valid, score } = await toxicity.scan("Thanks, that fixed it!"); // valid: true
 */
export class Toxicity implements Scanner {
  readonly name = "Toxicity";
  readonly threshold: number;
  readonly matchType: MatchType;
  readonly detector: TextClassifier;

  constructor(options: ToxicityOptions = {}) {
    const parsed = toxicityOptionsSchema.safeParse(options);
    if (!parsed.success) throw new ConfigError(formatZodError("Toxicity options", parsed.error));
    this.threshold = parsed.data.threshold;
    this.matchType = parsed.data.matchType;
    this.detector = chooseClassifier(parsed.data, sharedToxicityDetector);
  }

  scan(text: string): Promise<ScanResult> {
    return classifySegments(this.detector, text, this.matchType, this.threshold);
  }
}
