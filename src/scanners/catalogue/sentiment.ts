import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const sentimentOptionsSchema = z
  .object({
    /** VADER compound score (−1 most negative … 1 most positive) at or below which a text is invalid. */
    threshold: z.number().min(-1).max(1).default(-0.3),
    /** LLM Guard's NLTK lexicon name; only VADER's own lexicon exists here. */
    lexicon: z.literal("vader_lexicon").default("vader_lexicon"),
  })
  .strict();

export type SentimentOptions = z.input<typeof sentimentOptionsSchema>;

/**
 * LLM Guard's Sentiment: the VADER compound score (the same lexicon and rules as NLTK's, through
 * `vader-sentiment`); a text at or below `threshold` is invalid. The score is how negative the text
 * is, 0 (neutral or positive) to 1 (compound −1).
 *
 * @example
 * await new Sentiment().scan("This is awful, I hate it."); // { valid: false, score: 0.77 }
 */
export class Sentiment implements Scanner {
  readonly name = "Sentiment";
  readonly #threshold: number;
  readonly #analyzer = lazy(
    async () => (await import("vader-sentiment")).SentimentIntensityAnalyzer,
  );

  constructor(options: SentimentOptions = {}) {
    this.#threshold = parseScannerOptions(sentimentOptionsSchema, options, "Sentiment").threshold;
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    const { compound } = (await this.#analyzer()).polarity_scores(text);
    if (compound > this.#threshold)
      return { sanitized: text, valid: true, score: Math.max(0, -compound) };
    return { sanitized: text, valid: false, score: Math.max(0, -compound) };
  }
}
