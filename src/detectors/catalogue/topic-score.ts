import { normalizeText } from "../text-features/normalize.js";
import { contentWords, stem } from "./content-words.js";
import { compileCues } from "./cue-lexicon.js";
import type { TopicVocabulary } from "./topic-lexicon.js";

/** Weight of a related term against a core term's 1. */
const relatedWeight = 0.5;
/** Logistic coefficients: bias, per unit of distinct evidence, per unit of density (capped). */
const bias = -2.0;
const perEvidence = 1.4;
const perDensity = 4;
const densityCap = 0.5;

/** A compiled topic: one matcher for its core terms, one for its related terms. */
export interface TopicMatcher {
  readonly core: RegExp | undefined;
  readonly related: RegExp | undefined;
}

export function compileTopic(vocabulary: TopicVocabulary): TopicMatcher {
  const compiled = compileCues({ core: vocabulary.core, related: vocabulary.related });
  return { core: compiled.get("core"), related: compiled.get("related") };
}

/** Distinct stems and all occurrences of one matcher in `text`. */
function hits(pattern: RegExp | undefined, text: string): { distinct: number; total: number } {
  if (pattern === undefined) return { distinct: 0, total: 0 };
  pattern.lastIndex = 0;
  const found = [...text.matchAll(pattern)].map((match) => stem(match[0].replace(/\s+/g, " ")));
  return { distinct: new Set(found).size, total: found.length };
}

/**
 * How likely a text is to be about a topic, 0..1: a logistic of two measures of its vocabulary —
 * coverage (distinct terms of the topic found, core terms 1, related ½) and density (their
 * occurrences per content word, capped at ½). A passing mention of one word stays low (about 0.1
 * to 0.3); a text with three or more of the topic's terms, or short and dense with them, scores
 * above 0.8. Matched after {@link normalizeText} (case, homoglyphs, spaced letters, leetspeak).
 */
export function topicScore(matcher: TopicMatcher, text: string): number {
  const normal = normalizeText(text);
  const core = hits(matcher.core, normal);
  const related = hits(matcher.related, normal);
  const evidence = core.distinct + relatedWeight * related.distinct;
  if (evidence === 0) return 0;
  const occurrences = core.total + relatedWeight * related.total;
  const density = Math.min(densityCap, occurrences / Math.max(1, contentWords(normal).length));
  return 1 / (1 + Math.exp(-(bias + perEvidence * evidence + perDensity * density)));
}
