import { z } from "zod";
import { gibberishScore } from "../../detectors/catalogue/gibberish.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { classifierChoiceShape, oneClassifierChoice } from "../classifier-options.js";
import { parseScannerOptions } from "../parse-options.js";
import { scanByScore, scoreWith } from "./model-or-builtin.js";

export const gibberishOptionsSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(0.7),
    /** `full`: the whole text; `sentence`: the noisiest sentence counts. */
    matchType: z.enum(["full", "sentence"]).default("full"),
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type GibberishOptions = z.input<typeof gibberishOptionsSchema>;

/**
 * LLM Guard's Gibberish: a text that is noise is invalid. Built-in: the share of words that cannot
 * be words (`gibberishScore`: keyboard runs, no vowels, long consonant runs, repeated letters or
 * chunks, letter pairs English rarely has; 70% such words score 1) and of symbols over letters. LLM Guard's model also flags "word salad" (real words, no sense),
 * which this cannot. A local ONNX model (`model`, an export of
 * madhurjindal/autonlp-Gibberish-Detector) replaces the built-in scorer.
 *
 * @example
 * await new Gibberish().scan("asdkjh qwpoeiru zxmcnv"); // { valid: false, score: 1 }
 */
export class Gibberish implements Scanner {
  readonly name = "Gibberish";
  readonly #threshold: number;
  readonly #sentences: boolean;
  readonly #score: (text: string) => number | Promise<number>;

  constructor(options: GibberishOptions = {}) {
    const parsed = parseScannerOptions(gibberishOptionsSchema, options, "Gibberish");
    this.#threshold = parsed.threshold;
    this.#sentences = parsed.matchType === "sentence";
    this.#score = scoreWith(parsed, "builtin-gibberish-rules", gibberishScore);
  }

  scan(text: string): Promise<ScanResult> {
    return scanByScore(text, this.#score, this.#threshold, this.#sentences);
  }
}
