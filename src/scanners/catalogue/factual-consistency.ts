import { z } from "zod";
import { contentWords } from "../../detectors/catalogue/content-words.js";
import type { OutputScanner } from "../../scan/scan-output.js";
import type { ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";

export const factualConsistencyOptionsSchema = z
  .object({
    /** Lowest support (0..1) at which the output counts as consistent with the prompt. */
    minimumScore: z.number().min(0).max(1).default(0.75),
  })
  .strict();

export type FactualConsistencyOptions = z.input<typeof factualConsistencyOptionsSchema>;

const negations =
  /\b(?:not|no|never|none|cannot|can't|won't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't)\b/giu;
const isNumber = (word: string) => /^\p{N}/u.test(word);

/**
 * How well the prompt supports the output: the share of the output's content words found in the
 * prompt, numbers counted three times (a changed figure is the commonest unsupported claim), lowered
 * when the output negates where the prompt does not (or the other way round).
 */
export function lexicalSupport(prompt: string, output: string): number {
  const known = new Set(contentWords(prompt));
  const words = contentWords(output);
  if (words.length === 0) return 1;
  let weight = 0;
  let found = 0;
  for (const word of words) {
    const w = isNumber(word) ? 3 : 1;
    weight += w;
    if (known.has(word)) found += w;
  }
  const negated = (text: string) => (text.match(negations)?.length ?? 0) % 2 === 1;
  const flip = negated(prompt) !== negated(output) ? 0.5 : 1;
  return (found / weight) * flip;
}

/**
 * LLM Guard's FactualConsistency, output scanner: the output should follow from the prompt (the
 * context it was given). LLM Guard asks a DeBERTa NLI model whether the prompt entails the output;
 * ragguard measures lexical support ({@link lexicalSupport}): claims in words the context never
 * used, changed numbers and flipped negations lower it. It cannot see a paraphrase that changes
 * meaning nor a faithful paraphrase in new words. Invalid below `minimum_score`; the score is
 * 1 − support.
 *
 * @example
 * await new FactualConsistency().scanOutput("The plan costs $20 a month.", "The plan costs $35 a month."); // valid: false
 */
export class FactualConsistency implements OutputScanner {
  readonly name = "FactualConsistency";
  readonly #minimum: number;

  constructor(options: FactualConsistencyOptions = {}) {
    this.#minimum = parseScannerOptions(
      factualConsistencyOptionsSchema,
      options,
      "FactualConsistency",
    ).minimumScore;
  }

  scanOutput(prompt: string, output: string): ScanResult {
    if (output.trim() === "") return { sanitized: output, valid: true, score: 0 };
    const support = lexicalSupport(prompt, output);
    return { sanitized: output, valid: support >= this.#minimum, score: 1 - support };
  }
}
