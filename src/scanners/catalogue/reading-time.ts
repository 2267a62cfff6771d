import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";

export const readingTimeOptionsSchema = z
  .object({
    /** Longest reading time allowed, in minutes. */
    maxTime: z.number().positive(),
    /** Cut the text to what can be read in `max_time` instead of only flagging it. */
    truncate: z.boolean().default(false),
  })
  .strict();

export type ReadingTimeOptions = z.input<typeof readingTimeOptionsSchema>;

/** LLM Guard's reading speed: 200 words per minute. */
const wordsPerMinute = 200;

/**
 * LLM Guard's ReadingTime: an output that takes longer than `max_time` minutes to read (at 200
 * words a minute) is invalid (score 1), and cut to that length with `truncate`.
 *
 * @example
 * new ReadingTime({ max_time: 0.01 }).scan("one two three"); // valid: 3 words < 2 allowed? no: invalid
 */
export class ReadingTime implements Scanner {
  readonly name = "ReadingTime";
  readonly #options: z.output<typeof readingTimeOptionsSchema>;

  constructor(options: ReadingTimeOptions) {
    this.#options = parseScannerOptions(readingTimeOptionsSchema, options, "ReadingTime");
  }

  scan(text: string): ScanResult {
    const words = [...text.matchAll(/\S+/g)];
    const allowed = Math.floor(this.#options.maxTime * wordsPerMinute);
    if (words.length / wordsPerMinute <= this.#options.maxTime) {
      return { sanitized: text, valid: true, score: 0 };
    }
    const last = words[allowed - 1];
    const sanitized =
      this.#options.truncate && last !== undefined
        ? text.slice(0, last.index + last[0].length)
        : this.#options.truncate
          ? ""
          : text;
    return { sanitized, valid: false, score: 1 };
  }
}
