import type { OutputScanner } from "../../scan/scan-output.js";
import { onOutput } from "../output/on-output.js";
import { Bias, type BiasOptions } from "./bias.js";
import { FactualConsistency, type FactualConsistencyOptions } from "./factual-consistency.js";
import { Json, type JsonOptions } from "./json.js";
import { LanguageSame, type LanguageSameOptions } from "./language-same.js";
import { MaliciousURLs, type MaliciousUrlsOptions } from "./malicious-urls.js";
import { NoRefusal, type NoRefusalOptions } from "./no-refusal.js";
import { ReadingTime, type ReadingTimeOptions } from "./reading-time.js";
import { Relevance, type RelevanceOptions } from "./relevance.js";
import { Sensitive, type SensitiveOptions } from "./sensitive.js";
import { URLReachability, type UrlReachabilityOptions } from "./url-reachability.js";

type Factory = (params: Record<string, unknown>) => OutputScanner;

/** LLM Guard's output-only scanners (each validates its own params; hence the casts). */
export const outputCatalogueFactories = {
  Bias: (params) => onOutput(new Bias(params as BiasOptions)),
  FactualConsistency: (params) => new FactualConsistency(params as FactualConsistencyOptions),
  JSON: (params) => onOutput(new Json(params as JsonOptions)),
  LanguageSame: (params) => new LanguageSame(params as LanguageSameOptions),
  MaliciousURLs: (params) => onOutput(new MaliciousURLs(params as MaliciousUrlsOptions)),
  NoRefusal: (params) => onOutput(new NoRefusal(params as NoRefusalOptions)),
  ReadingTime: (params) => onOutput(new ReadingTime(params as ReadingTimeOptions)),
  Relevance: (params) => new Relevance(params as RelevanceOptions),
  Sensitive: (params) => onOutput(new Sensitive(params as SensitiveOptions)),
  URLReachability: (params) => onOutput(new URLReachability(params as UrlReachabilityOptions)),
} satisfies Record<string, Factory>;
