import { z } from "zod";
import { codeLanguages, loadCodeLanguageGuesser } from "../../detectors/catalogue/code-language.js";
import { codeShare } from "../../detectors/catalogue/code-likeness.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

const languageNames = Object.keys(codeLanguages);

export const codeOptionsSchema = z
  .object({
    /** LLM Guard's language names (`Python`, `JavaScript`, `C++`, ...). */
    languages: z
      .array(
        z.string().refine((name) => name in codeLanguages, {
          error: (issue) =>
            `unknown language ${JSON.stringify(issue.input)} (known: ${languageNames.join(", ")})`,
        }),
      )
      .min(1),
    /** true: code in these languages is banned; false: only these are allowed. */
    isBlocked: z.boolean().default(true),
    /** Share of code lines from which the text counts as code. */
    threshold: z.number().min(0).max(1).default(0.5),
  })
  .strict();

export type CodeOptions = z.input<typeof codeOptionsSchema>;

/** Fenced blocks, or the whole text when it has none. */
function codePieces(text: string): string[] {
  const blocks = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks.length > 0 ? blocks : [text];
}

/**
 * LLM Guard's Code: finds code (fenced blocks, or a text whose lines read as code) and names its
 * language with highlight.js's auto-detection among the configured `languages`; with `is_blocked`
 * code in one of them is invalid, without it code in any other language is (a listed language
 * among highlight.js's two best guesses counts). Score 1 when it acts.
 * highlight.js tells languages apart by their keywords and syntax; short snippets in similar
 * languages (C/C++, JavaScript/TypeScript) are often confused.
 *
 * @example
 * await new Code({ languages: ["Python"] }).scan("```\ndef f(x):\n    return x * 2\n```"); // valid: false
 */
export class Code implements Scanner {
  readonly name = "Code";
  readonly #options: z.output<typeof codeOptionsSchema>;
  readonly #guess;

  constructor(options: CodeOptions) {
    this.#options = parseScannerOptions(codeOptionsSchema, options, "Code");
    // Every language is a candidate, so code in an unlisted one is not taken for a listed one.
    this.#guess = lazy(() => loadCodeLanguageGuesser(languageNames));
  }

  async scan(text: string): Promise<ScanResult> {
    const { threshold, isBlocked, languages } = this.#options;
    const pieces = codePieces(text).filter((piece) => codeShare(piece) >= threshold);
    if (pieces.length === 0) return { sanitized: text, valid: true, score: 0 };
    const guess = await this.#guess();
    for (const piece of pieces) {
      const listed = guess(piece).some((language) => languages.includes(language));
      if (isBlocked ? listed : !listed) return { sanitized: text, valid: false, score: 1 };
    }
    return { sanitized: text, valid: true, score: 0 };
  }
}
