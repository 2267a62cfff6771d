import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { escapeRegExp, redactedMark } from "./lazy.js";

export const banCompetitorsOptionsSchema = z
  .object({
    competitors: z.array(z.string().trim().min(1)).min(1),
    /** Score at which a text is invalid; a whole-name match scores 1. */
    threshold: z.number().min(0).max(1).default(0.5),
    /** Replace each competitor name found with `[REDACTED]` (LLM Guard's default: true). */
    redact: z.boolean().default(true),
  })
  .strict();

export type BanCompetitorsOptions = z.input<typeof banCompetitorsOptionsSchema>;

/**
 * LLM Guard's BanCompetitors. LLM Guard finds organisation names with a NER model and compares
 * them with the list; ragguard matches the listed names themselves, whole-word and
 * case-insensitively, with an optional possessive or plural (`Facebook's`, `Acmes`): exact, fast,
 * and blind to spellings the list does not give (add them to `competitors`).
 *
 * @example
 * await new BanCompetitors({ competitors: ["Acme Corp"] }).scan("Acme Corp's pricing");
 * // { sanitized: "[REDACTED]'s pricing", valid: false, score: 1 }
 */
export class BanCompetitors implements Scanner {
  readonly name = "BanCompetitors";
  readonly #pattern: RegExp;
  readonly #options: z.output<typeof banCompetitorsOptionsSchema>;

  constructor(options: BanCompetitorsOptions) {
    this.#options = parseScannerOptions(banCompetitorsOptionsSchema, options, "BanCompetitors");
    const names = [...this.#options.competitors]
      .sort((a, b) => b.length - a.length)
      .map((name) => escapeRegExp(name).replace(/\s+/g, "\\s+"));
    this.#pattern = new RegExp(
      `(?<![\\p{L}\\p{N}_])(?:${names.join("|")})(?=s?(?![\\p{L}\\p{N}_]))`,
      "giu",
    );
  }

  scan(text: string): ScanResult {
    this.#pattern.lastIndex = 0;
    if (!this.#pattern.test(text)) return { sanitized: text, valid: true, score: 0 };
    const valid = 1 < this.#options.threshold;
    const sanitized = this.#options.redact ? text.replace(this.#pattern, redactedMark) : text;
    return { sanitized, valid, score: 1 };
  }
}
