import { z } from "zod";
import { vocabularyOfTopic } from "../../detectors/catalogue/topic-lexicon.js";
import { compileTopic, topicScore } from "../../detectors/catalogue/topic-score.js";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { classifierChoiceShape, oneClassifierChoice } from "../classifier-options.js";
import { parseScannerOptions } from "../parse-options.js";
import { scoreWith } from "./model-or-builtin.js";

export const banTopicsOptionsSchema = z
  .object({
    topics: z.array(z.string().trim().min(1)).min(1),
    threshold: z.number().min(0).max(1).default(0.6),
    ...classifierChoiceShape,
  })
  .strict()
  .refine(...oneClassifierChoice);

export type BanTopicsOptions = z.input<typeof banTopicsOptionsSchema>;

/**
 * LLM Guard's BanTopics: a text about a banned topic is invalid; the score is the strongest
 * topic's, how likely the text is about it. LLM Guard runs a zero-shot DeBERTa model over any
 * topic name; ragguard scores the topic's vocabulary (`topicScore`: built-in core and related
 * terms for violence, weapons, drugs, politics, religion, gambling, self-harm, sex, medical,
 * finance, hacking, terrorism; other topics by their own words) by coverage and density, so one
 * passing mention stays low and a text with three or more of the topic's terms passes 0.8. It
 * sees vocabulary, not stance or meaning: a news report on violence scores like a threat, and a
 * threat in plain words ("I'll break her arm") scores low. A local ONNX classifier (`model`)
 * replaces it for all topics.
 *
 * @example
 * await new BanTopics({ topics: ["violence"], threshold: 0.7 }).scan("He threatened to stab and kill them."); // valid: false
 */
export class BanTopics implements Scanner {
  readonly name = "BanTopics";
  readonly #threshold: number;
  readonly #score: (text: string) => number | Promise<number>;

  constructor(options: BanTopicsOptions) {
    const parsed = parseScannerOptions(banTopicsOptionsSchema, options, "BanTopics");
    this.#threshold = parsed.threshold;
    const matchers = parsed.topics.map((topic) => compileTopic(vocabularyOfTopic(topic)));
    this.#score = scoreWith(parsed, "builtin-topic-vocabulary", (text) =>
      matchers.reduce((max, matcher) => Math.max(max, topicScore(matcher, text)), 0),
    );
  }

  async scan(text: string): Promise<ScanResult> {
    if (text.trim() === "") return { sanitized: text, valid: true, score: 0 };
    const score = await this.#score(text);
    return { sanitized: text, valid: score < this.#threshold, score };
  }
}
