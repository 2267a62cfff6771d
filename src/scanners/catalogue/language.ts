import { z } from "zod";
import { type LanguageGuess, loadLanguageDetector } from "../../detectors/catalogue/language-id.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { splitSentences } from "../../scan/segment.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const languageOptionsSchema = z
  .object({
    /** ISO 639-1 codes the text may be written in. */
    validLanguages: z
      .array(z.string().regex(/^[a-z]{2}$/, 'expected an ISO 639-1 code like "en"'))
      .min(1),
    /** Lowest detector score at which a language counts as found. */
    threshold: z.number().min(0).max(1).default(0.6),
    /** `full`: the whole text; `sentence`: each sentence on its own. */
    matchType: z.enum(["full", "sentence"]).default("full"),
  })
  .strict();

export type LanguageOptions = z.input<typeof languageOptionsSchema>;

/** The first piece written, reliably and above `threshold`, in a language outside `valid`. */
export function foreignPiece(
  pieces: readonly string[],
  detect: (text: string) => LanguageGuess,
  valid: ReadonlySet<string>,
  threshold: number,
): LanguageGuess | undefined {
  for (const piece of pieces) {
    const guess = detect(piece);
    if (
      guess.language !== "" &&
      guess.reliable &&
      guess.score > threshold &&
      !valid.has(guess.language)
    )
      return guess;
  }
  return undefined;
}

/**
 * LLM Guard's Language: a text written (with confidence over `threshold`) in a language outside
 * `valid_languages` is invalid; its score is the detector's. Language identification is `eld`'s
 * n-gram model (60 languages) instead of LLM Guard's xlm-roberta classifier (20 languages).
 *
 * @example
 * await new Language({ valid_languages: ["en"] }).scan("Bonjour, je voudrais réserver une table."); // valid: false
 */
export class Language implements Scanner {
  readonly name = "Language";
  readonly #options: z.output<typeof languageOptionsSchema>;
  readonly #valid: ReadonlySet<string>;
  readonly #detector = lazy(loadLanguageDetector);

  constructor(options: LanguageOptions) {
    this.#options = parseScannerOptions(languageOptionsSchema, options, "Language");
    this.#valid = new Set(this.#options.validLanguages);
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    const detect = await this.#detector();
    const pieces = this.#options.matchType === "sentence" ? splitSentences(text) : [text];
    const foreign = foreignPiece(pieces, detect, this.#valid, this.#options.threshold);
    if (foreign === undefined) return { sanitized: text, valid: true, score: 0 };
    return { sanitized: text, valid: false, score: foreign.score };
  }
}
