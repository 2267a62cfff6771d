import { z } from "zod";
import { compileCues, cueScore, distinctCues } from "../../detectors/catalogue/cue-lexicon.js";
import { emotionCues, emotionLabels } from "../../detectors/catalogue/emotion-lexicon.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { classifierChoiceShape, oneClassifierChoice } from "../classifier-options.js";
import { parseScannerOptions } from "../parse-options.js";
import { scanByScore, scoreWith } from "./model-or-builtin.js";

/** LLM Guard's default blocked emotions. */
export const defaultBlockedEmotions = [
  "anger",
  "annoyance",
  "disappointment",
  "disapproval",
  "disgust",
  "embarrassment",
  "fear",
  "grief",
  "nervousness",
  "remorse",
  "sadness",
] as const;

export const emotionDetectionOptionsSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(0.5),
    blockedEmotions: z
      .array(z.enum(emotionLabels))
      .min(1)
      .default([...defaultBlockedEmotions]),
    /** `full`: the whole text; `sentence`: each sentence on its own (the highest counts). */
    matchType: z.enum(["full", "sentence"]).default("full"),
    /** Accepted for LLM Guard configs; the built-in scorer always scores every label. */
    returnAllScores: z.boolean().optional(),
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type EmotionDetectionOptions = z.input<typeof emotionDetectionOptionsSchema>;

/**
 * LLM Guard's EmotionDetection: a text showing a blocked emotion (GoEmotions' labels) at or over
 * `threshold` is invalid; the score is the strongest blocked emotion's. Built-in: English cue words
 * per emotion (one distinct cue 0.5, two 0.75, ...). It reads words, not tone: sarcasm, negation
 * ("not angry") and other languages escape it. A local ONNX model (`model`, an export of
 * SamLowe/roberta-base-go_emotions with `positive_labels` set to the blocked ones) replaces it.
 *
 * @example
 * await new EmotionDetection().scan("I'm furious, this is infuriating!"); // { valid: false, score: 0.75 }
 */
export class EmotionDetection implements Scanner {
  readonly name = "EmotionDetection";
  readonly #threshold: number;
  readonly #sentences: boolean;
  readonly #score: (text: string) => number | Promise<number>;

  constructor(options: EmotionDetectionOptions = {}) {
    const parsed = parseScannerOptions(emotionDetectionOptionsSchema, options, "EmotionDetection");
    this.#threshold = parsed.threshold;
    this.#sentences = parsed.matchType === "sentence";
    const blocked = Object.fromEntries(
      parsed.blockedEmotions.map((label) => [label, emotionCues[label]]),
    );
    const patterns = [...compileCues(blocked).values()];
    this.#score = scoreWith(parsed, "builtin-emotion-cues", (text) =>
      patterns.reduce(
        (max, pattern) => Math.max(max, cueScore(distinctCues(pattern, text).size)),
        0,
      ),
    );
  }

  scan(text: string): Promise<ScanResult> {
    return scanByScore(text, this.#score, this.#threshold, this.#sentences);
  }
}
