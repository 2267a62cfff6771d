import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { escapeRegExp, redactedMark } from "./lazy.js";

export const banSubstringsOptionsSchema = z
  .object({
    substrings: z.array(z.string().min(1)).min(1),
    /** `str`: anywhere in the text; `word`: as a whole word. */
    matchType: z.enum(["str", "word"]).default("str"),
    caseSensitive: z.boolean().default(false),
    /** Replace each banned substring found with `[REDACTED]`. */
    redact: z.boolean().default(false),
    /** Invalid only when every substring is found (default: any one). */
    containsAll: z.boolean().default(false),
  })
  .strict();

export type BanSubstringsOptions = z.input<typeof banSubstringsOptionsSchema>;

/**
 * LLM Guard's BanSubstrings: a text containing any (or, with `contains_all`, every) banned
 * substring is invalid with score 1; optionally they are redacted.
 *
 * @example
 * await new BanSubstrings({ substrings: ["acme-internal"], redact: true }).scan("see acme-internal docs");
 * // { sanitized: "see [REDACTED] docs", valid: false, score: 1 }
 */
export class BanSubstrings implements Scanner {
  readonly name = "BanSubstrings";
  readonly #options: z.output<typeof banSubstringsOptionsSchema>;
  readonly #patterns: RegExp[];

  constructor(options: BanSubstringsOptions) {
    this.#options = parseScannerOptions(banSubstringsOptionsSchema, options, "BanSubstrings");
    const { substrings, matchType, caseSensitive } = this.#options;
    const flags = caseSensitive ? "gu" : "giu";
    this.#patterns = substrings.map((substring) => {
      const body = escapeRegExp(substring);
      return new RegExp(
        matchType === "word" ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body,
        flags,
      );
    });
  }

  scan(text: string): ScanResult {
    const found = this.#patterns.filter((pattern) => {
      pattern.lastIndex = 0;
      return pattern.test(text);
    });
    const banned = this.#options.containsAll
      ? found.length === this.#patterns.length
      : found.length > 0;
    if (!banned) return { sanitized: text, valid: true, score: 0 };
    let sanitized = text;
    if (this.#options.redact) {
      for (const pattern of found) sanitized = sanitized.replace(pattern, redactedMark);
    }
    return { sanitized, valid: false, score: 1 };
  }
}
