import type { Scanner } from "../../scan/scanner.js";
import { BanCode, type BanCodeOptions } from "./ban-code.js";
import { BanCompetitors, type BanCompetitorsOptions } from "./ban-competitors.js";
import { BanSubstrings, type BanSubstringsOptions } from "./ban-substrings.js";
import { BanTopics, type BanTopicsOptions } from "./ban-topics.js";
import { Code, type CodeOptions } from "./code.js";
import { EmotionDetection, type EmotionDetectionOptions } from "./emotion-detection.js";
import { Gibberish, type GibberishOptions } from "./gibberish.js";
import { Language, type LanguageOptions } from "./language.js";
import { Sentiment, type SentimentOptions } from "./sentiment.js";
import { TokenLimit, type TokenLimitOptions } from "./token-limit.js";

type Factory = (params: Record<string, unknown>) => Scanner;

/**
 * LLM Guard's input catalogue beyond ragguard's first scanners. Each class validates its params
 * with its own zod schema (a `ConfigError` naming the option), hence the casts from `unknown`.
 */
export const catalogueFactories = {
  BanCode: (params) => new BanCode(params as BanCodeOptions),
  BanCompetitors: (params) => new BanCompetitors(params as BanCompetitorsOptions),
  BanSubstrings: (params) => new BanSubstrings(params as BanSubstringsOptions),
  BanTopics: (params) => new BanTopics(params as BanTopicsOptions),
  Code: (params) => new Code(params as CodeOptions),
  EmotionDetection: (params) => new EmotionDetection(params as EmotionDetectionOptions),
  Gibberish: (params) => new Gibberish(params as GibberishOptions),
  Language: (params) => new Language(params as LanguageOptions),
  Sentiment: (params) => new Sentiment(params as SentimentOptions),
  TokenLimit: (params) => new TokenLimit(params as TokenLimitOptions),
} satisfies Record<string, Factory>;
