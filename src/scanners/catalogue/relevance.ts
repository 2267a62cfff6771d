import { z } from "zod";
import { relevanceSimilarity } from "../../detectors/catalogue/relevance-score.js";
import type { OutputScanner } from "../../scan/scan-output.js";
import type { ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";

export const relevanceOptionsSchema = z
  .object({
    /**
     * Lowest similarity (0..1) at which the output counts as relevant to the prompt. 0.2, the
     * value LLM Guard's shipped scanners.yml sets (its class default 0.5 suits BGE embeddings,
     * under which unrelated texts still score 0.3–0.5; shared vocabulary runs lower).
     */
    threshold: z.number().min(0).max(1).default(0.2),
  })
  .strict();

export type RelevanceOptions = z.input<typeof relevanceOptionsSchema>;

/**
 * LLM Guard's Relevance, output scanner: an output whose similarity to the prompt is below
 * `threshold` is invalid; the score is 1 − similarity. LLM Guard compares BGE sentence
 * embeddings; ragguard compares the two texts' content words (`relevanceSimilarity`: cosine of
 * their counts, or the smoothed share of the shorter side's words found in the other, so a short
 * answer that repeats a word of the question reaches 0.5). It measures shared vocabulary, not
 * meaning: a correct answer in other words (synonyms, another language) scores as unrelated, and
 * an unrelated long text that repeats one word of a short prompt passes.
 *
 * @example
 * await new Relevance({ threshold: 0.2 }).scanOutput("How do I reset my router?", "Hold the reset button on the router for 10 s.");
 */
export class Relevance implements OutputScanner {
  readonly name = "Relevance";
  readonly #threshold: number;

  constructor(options: RelevanceOptions = {}) {
    this.#threshold = parseScannerOptions(relevanceOptionsSchema, options, "Relevance").threshold;
  }

  scanOutput(prompt: string, output: string): ScanResult {
    if (prompt.trim() === "" || output.trim() === "")
      return { sanitized: output, valid: true, score: 0 };
    const similarity = relevanceSimilarity(prompt, output);
    return { sanitized: output, valid: similarity >= this.#threshold, score: 1 - similarity };
  }
}
