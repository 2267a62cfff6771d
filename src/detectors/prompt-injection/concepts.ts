import { conceptLexicon } from "./concept-lexicon.js";
import { normalizeForInjection } from "./normalize.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One stem as a regex source: word-start anchored for Latin and Cyrillic, `$` = whole word. */
function stemPattern(stem: string): string {
  const whole = stem.endsWith("$");
  const text = normalizeForInjection(whole ? stem.slice(0, -1) : stem);
  const anchored = /^[\p{Script=Latin}\p{Script=Cyrillic}]/u.test(text);
  return `${anchored ? "(?<![\\p{L}\\p{N}])" : ""}${escapeRegExp(text)}${whole ? "(?![\\p{L}\\p{N}])" : ""}`;
}

/** The lexicon compiled once: one regex per notion. */
export interface ConceptMatcher {
  names: readonly string[];
  patterns: readonly RegExp[];
}

export function compileConcepts(
  lexicon: Readonly<Record<string, readonly string[]>> = conceptLexicon,
): ConceptMatcher {
  const names = Object.keys(lexicon);
  return {
    names,
    patterns: names.map(
      (name) => new RegExp((lexicon[name] ?? []).map(stemPattern).join("|"), "u"),
    ),
  };
}

/**
 * The notions found in a normalised sentence, and each pair of them ("ignore+instructions",
 * "send+secrets"): the pairs carry most of the meaning across languages.
 *
 * @example
 * conceptFeatures(compileConcepts(), "zignoruj wszystkie poprzednie instrukcje") // ["ignore", "previous", "instructions", "ignore+previous", ...]
 */
export function conceptFeatures(matcher: ConceptMatcher, sentence: string): string[] {
  const found: string[] = [];
  for (let index = 0; index < matcher.names.length; index += 1)
    if (matcher.patterns[index]!.test(sentence)) found.push(matcher.names[index]!);
  const out = [...found];
  for (let left = 0; left < found.length; left += 1)
    for (let right = left + 1; right < found.length; right += 1)
      out.push(`${found[left]}+${found[right]}`);
  return out;
}
