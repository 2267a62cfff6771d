import { z } from "zod";
import { loadLanguageDetector } from "../../detectors/catalogue/language-id.js";
import type { OutputScanner } from "../../scan/scan-output.js";
import type { ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const languageSameOptionsSchema = z
  .object({
    /** Lowest detector score at which a language counts as found. */
    threshold: z.number().min(0).max(1).default(0.1),
  })
  .strict();

export type LanguageSameOptions = z.input<typeof languageSameOptionsSchema>;

/**
 * LLM Guard's LanguageSame, output scanner: an output written in another language than its prompt
 * is invalid; the score is the detector's confidence in the output's language. Texts too short
 * for a reliable guess (eld's own check) pass.
 *
 * @example
 * await new LanguageSame().scanOutput("What time is it?", "Il est trois heures de l'après-midi."); // valid: false
 */
export class LanguageSame implements OutputScanner {
  readonly name = "LanguageSame";
  readonly #threshold: number;
  readonly #detector = lazy(loadLanguageDetector);

  constructor(options: LanguageSameOptions = {}) {
    this.#threshold = parseScannerOptions(
      languageSameOptionsSchema,
      options,
      "LanguageSame",
    ).threshold;
  }

  async scanOutput(prompt: string, output: string): Promise<ScanResult> {
    if (prompt.trim() === "" || output.trim() === "")
      return { sanitized: output, valid: true, score: 0 };
    const detect = await this.#detector();
    const asked = detect(prompt);
    const answered = detect(output);
    const sure = (guess: typeof asked) => guess.reliable && guess.score > this.#threshold;
    if (!sure(asked) || !sure(answered) || asked.language === answered.language) {
      return { sanitized: output, valid: true, score: 0 };
    }
    return { sanitized: output, valid: false, score: answered.score };
  }
}
