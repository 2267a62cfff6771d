import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import {
  chooseClassifier,
  classifierChoiceShape,
  oneClassifierChoice,
} from "../classifier-options.js";
import { parseScannerOptions } from "../parse-options.js";

/** Refusal phrases (LLM Guard's NoRefusalLight list, plus the common apology openings). */
export const refusalPhrases: readonly string[] = Object.freeze([
  "I'm sorry",
  "I am sorry",
  "I apologize",
  "As an AI",
  "As a language model",
  "As an assistant",
  "I cannot",
  "I can't",
  "I can not",
  "I am unable to",
  "I'm unable to",
  "I am not able to",
  "I'm not able to",
  "I will not",
  "I won't",
  "I must decline",
  "I must refuse",
  "I'm not allowed",
  "I am not allowed",
  "is illegal and unethical",
  "I'm really sorry",
  "unethical",
  "not ethical",
  "My apologies",
  "but I cannot",
  "If you have any other non-malicious requests",
  "I'm not going to",
  "I cannot fulfill",
  "I can't assist",
  "I cannot assist",
  "I can't help with",
  "I cannot help with",
  "I cannot provide",
  "I can't provide",
  "against my guidelines",
  "goes against my programming",
]);

export const noRefusalOptionsSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(0.75),
    /** `full`: the whole output; `sentence` is accepted for LLM Guard configs (phrases are found anywhere). */
    matchType: z.enum(["full", "sentence"]).default("full"),
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type NoRefusalOptions = z.input<typeof noRefusalOptionsSchema>;

const phrasePattern = new RegExp(
  `(?:${refusalPhrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['’]")).join("|")})`,
  "iu",
);

/**
 * LLM Guard's NoRefusal, output scanner: an output that refuses the request is invalid. Built-in:
 * refusal phrases (LLM Guard's NoRefusalLight list and common apology openings) — a phrase in the
 * first 300 characters scores 1, later 0.8 (a refusal usually opens the answer); it misses
 * refusals in other words and other languages. A local ONNX classifier (`model`, for example an
 * export of ProtectAI's distilroberta-base-rejection-v1) replaces it.
 *
 * @example
 * await new NoRefusal().scan("I'm sorry, but I can't help with that."); // { valid: false, score: 1 }
 */
export class NoRefusal implements Scanner {
  readonly name = "NoRefusal";
  readonly #threshold: number;
  readonly #predict: (text: string) => number | Promise<number>;

  constructor(options: NoRefusalOptions = {}) {
    const parsed = parseScannerOptions(noRefusalOptionsSchema, options, "NoRefusal");
    this.#threshold = parsed.threshold;
    const classifier = chooseClassifier(parsed, () => ({
      id: "builtin-refusal-phrases",
      predict: (text: string) => {
        const found = phrasePattern.exec(text);
        return found === null ? 0 : found.index < 300 ? 1 : 0.8;
      },
    }));
    this.#predict = (text) => classifier.predict(text);
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    const score = await this.#predict(text);
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
