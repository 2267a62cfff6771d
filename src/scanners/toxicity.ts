import { z } from "zod";
import { formatZodError } from "../common/config.js";
import { ConfigError } from "../common/errors.js";
import type { TextClassifier } from "../detectors/classifier.js";
import { createOnnxClassifier, onnxModelOptionsSchema } from "../detectors/onnx/onnx-classifier.js";
import { sharedToxicityDetector } from "../detectors/toxicity/detector.js";
import { MatchType } from "../scan/match-type.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { classifySegments } from "./classify-segments.js";

/** Default threshold of the built-in detector (chosen on our own validation split). */
export const defaultToxicityThreshold = 0.5;

const classifierSchema = z.custom<TextClassifier>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { predict?: unknown }).predict === "function",
  { message: "detector must be a TextClassifier (an object with a predict(text) function)" },
);

/** Options of the {@link Toxicity} scanner. */
export const toxicityOptionsSchema = z
  .object({
    /** A text is invalid when its score reaches this value. */
    threshold: z.number().min(0).max(1).default(defaultToxicityThreshold),
    /** Score the whole text (`full`) or each sentence (`sentence`); the highest score counts. */
    matchType: z.enum([MatchType.FULL, MatchType.SENTENCE]).default(MatchType.FULL),
    /** Replace the built-in detector, e.g. with the ONNX backend. */
    detector: classifierSchema.optional(),
    /**
     * A local transformer model folder (multi-label sigmoid, e.g. an ONNX export of
     * unitary/unbiased-toxic-roberta) run through the optional `@huggingface/transformers`;
     * the form a YAML config can carry. Give `detector` or `model`, not both.
     */
    model: onnxModelOptionsSchema.optional(),
  })
  .strict()
  .refine((options) => !(options.detector && options.model), {
    message: "give either detector or model, not both",
    path: ["model"],
  });

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
    const { detector, model } = parsed.data;
    this.detector = detector ?? (model ? createOnnxClassifier(model) : sharedToxicityDetector());
  }

  scan(text: string): Promise<ScanResult> {
    return classifySegments(this.detector, text, this.matchType, this.threshold);
  }
}
