import { z } from "zod";
import { compileGeneralisations, loadedWords } from "../../detectors/catalogue/bias-cues.js";
import { compileCues, distinctCues } from "../../detectors/catalogue/cue-lexicon.js";
import { normalizeText } from "../../detectors/text-features/normalize.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { classifierChoiceShape, oneClassifierChoice } from "../classifier-options.js";
import { parseScannerOptions } from "../parse-options.js";
import { scoreWith } from "./model-or-builtin.js";

export const biasOptionsSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(0.7),
    /** Accepted for LLM Guard configs (the built-in scorer reads the whole text). */
    matchType: z.enum(["full", "sentence"]).default("full"),
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type BiasOptions = z.input<typeof biasOptionsSchema>;

/**
 * LLM Guard's Bias, output scanner: biased text is invalid. Built-in: sweeping statements that
 * give a whole group of people a trait or a verdict ("women are too emotional", "older employees
 * can't learn", "typical millennials: entitled": 0.98 for one, 0.995 for more, so LLM Guard's
 * configured 0.97 flags them) and slanted wording ("so-called", "everyone knows": 0.3 each, at
 * most 0.6). A plain fact about a group ("women are underrepresented in ...") scores 0. LLM Guard's
 * model (valurank/distilroberta-bias) judges news-style slant as a whole, which this does not;
 * give its ONNX export as `model` to use it.
 *
 * @example
 * await new Bias().scan("Women are too emotional to lead."); // { valid: false, score: 0.98 }
 */
export class Bias implements Scanner {
  readonly name = "Bias";
  readonly #threshold: number;
  readonly #score: (text: string) => number | Promise<number>;

  constructor(options: BiasOptions = {}) {
    const parsed = parseScannerOptions(biasOptionsSchema, options, "Bias");
    this.#threshold = parsed.threshold;
    const generalisation = compileGeneralisations();
    const loaded = compileCues({ loaded: loadedWords }).get("loaded")!;
    this.#score = scoreWith(parsed, "builtin-bias-cues", (text) => {
      const normal = normalizeText(text);
      const sweeping = distinctCues(generalisation, normal).size;
      if (sweeping > 0) return sweeping > 1 ? 0.995 : 0.98;
      return Math.min(0.6, 0.3 * distinctCues(loaded, normal).size);
    });
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    const score = await this.#score(text);
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
