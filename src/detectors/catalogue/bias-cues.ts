import { identityTerms } from "../toxicity/terms-identity.js";

/** Words that turn a statement about a group into a sweeping one. */
const generalizers = "all|every|most|typical|those|these|such";
const verdicts =
  "are|is|always|never|can't|cannot|shouldn't|should|don't|do not|belong|tend to|are naturally|are inherently|are just|are too|are less|are more|lack|can never";

/**
 * A pattern for sweeping statements about identity groups: "women are too emotional", "all
 * immigrants are", "those people always". The groups are the toxicity detector's identity terms.
 */
export function compileGeneralisations(): RegExp {
  const groups = [...identityTerms]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
    .join("|");
  return new RegExp(
    `(?<![\\p{L}])(?:(?:${generalizers})\\s+)?(?:${groups})\\s+(?:${verdicts})(?![\\p{L}])`,
    "giu",
  );
}

/** Words of slanted, one-sided writing (opinion presented as fact). */
export const loadedWords: readonly string[] = [
  "obviously",
  "everyone knows",
  "undeniably",
  "clearly superior",
  "inferior",
  "radical",
  "so-called",
  "propaganda",
  "disgraceful",
  "ridiculous",
  "idiotic",
  "nobody in their right mind",
];
