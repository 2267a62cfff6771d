import { z } from "zod";
import { codeShare } from "../../detectors/catalogue/code-likeness.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";

export const banCodeOptionsSchema = z
  .object({ threshold: z.number().min(0).max(1).default(0.97) })
  .strict();

export type BanCodeOptions = z.input<typeof banCodeOptionsSchema>;

/**
 * LLM Guard's BanCode: a text that is code is invalid. LLM Guard asks a small code-vs-text model;
 * ragguard scores the share of lines that read as code (`codeShare`: statements, declarations,
 * calls, comments, fenced blocks). With LLM Guard's threshold (0.97) a text that is all code is
 * invalid and a question that quotes a few lines is not; lower it (0.3) to ban any code block.
 *
 * @example
 * await new BanCode().scan("import os\nos.system('rm -rf /')"); // { valid: false, score: 1 }
 */
export class BanCode implements Scanner {
  readonly name = "BanCode";
  readonly #threshold: number;

  constructor(options: BanCodeOptions = {}) {
    this.#threshold = parseScannerOptions(banCodeOptionsSchema, options, "BanCode").threshold;
  }

  scan(text: string): ScanResult {
    const score = codeShare(text);
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
