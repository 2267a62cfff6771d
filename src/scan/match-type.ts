/**
 * How a classifier scanner splits a text before scoring it; the text's score is the highest
 * score of its parts (LLM Guard's `MatchType`).
 */
export const MatchType = {
  /** The whole text at once. */
  FULL: "full",
  /** Each sentence (`Intl.Segmenter`, short fragments merged). */
  SENTENCE: "sentence",
  /** 256-character windows overlapping by 25 characters. */
  CHUNKS: "chunks",
  /** First 126 characters + "..." + last 126 characters. */
  TRUNCATE_HEAD_TAIL: "truncate_head_tail",
  /** First 128 + last 382 word tokens. */
  TRUNCATE_TOKEN_HEAD_TAIL: "truncate_token_head_tail",
} as const;

export type MatchType = (typeof MatchType)[keyof typeof MatchType];

export const matchTypes = Object.values(MatchType) as readonly MatchType[];
