import { identityTerms, identityWords } from "../toxicity/terms-identity.js";

const alternation = (terms: readonly string[]) =>
  [...new Set(terms)]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
    .join("|");

/** Groups named by age, generation or class, beyond the toxicity detector's identity terms. */
const moreGroups = [
  "boomers",
  "millennials",
  "gen z",
  "zoomers",
  "teenagers",
  "young people",
  "older people",
  "rich people",
  "the rich",
  "the poor",
  "poor people",
  "working class people",
  "foreigners",
  "southerners",
  "northerners",
  "city people",
  "country people",
  "people from that country",
];
/** Nouns that an identity adjective turns into a group ("older employees", "female drivers"). */
const groupNouns =
  "people|persons|folks|employees|workers|staff|candidates|applicants|drivers|students|parents|mothers|fathers|women|men|girls|boys|kids|voters|managers|engineers|doctors|nurses|neighbours|neighbors";
/** Adverbs that make a claim about a group sweeping. */
const sweeping =
  "all|just|simply|naturally|inherently|genetically|always|too|so|really|basically|mostly|generally|usually|by nature|the most|more|less|far|much";
/** Traits a stereotype assigns (after "GROUP are ..."). */
const traits =
  "lazy|stupid|dumb|dumber|smarter|emotional|hysterical|irrational|greedy|violent|dangerous|criminals?|thieves|dishonest|liars|dirty|weak|inferior|superior|incompetent|useless|untrustworthy|hypocrites|entitled|aggressive|slow|a burden|burdens|unfit|primitive|backward|cheap|loud|rude|arrogant|ignorant|uneducated|fragile|bossy|terrorists|parasites|freeloaders|incapable|unreliable|selfish|sneaky|savages|animals|evil|corrupt|naive|submissive|bad drivers|(?:worse|better|bad|good|terrible|hopeless) at|not smart|not capable|nothing but|only good for|only interested in|obsessed with|to blame|the problem";
/** Verbs of a verdict on a group ("GROUP can't ...", "GROUP don't belong ..."). */
const verdicts =
  "can't|cannot|can not|can never|shouldn't|should not|should never|should stay|should be kept|will never|never|don't belong|do not belong|belong in|lack|are incapable of|are unable to|ruin|ruined|steal|take our|don't deserve|do not deserve";

/**
 * A pattern for sweeping statements about groups of people: a trait or a verdict given to a
 * whole group ("girls are naturally worse at maths", "men simply can't be trusted", "typical
 * millennials: entitled", "every Mexican I have met is lazy"). A plain fact about a group
 * ("women are underrepresented in ...") does not match. Match it on {@link normalizeText} output.
 */
export function compileGeneralisations(): RegExp {
  const adjectives = identityWords.filter((word) => !word.includes(" ") && !/s$/.test(word));
  const groups = `(?:${alternation([...identityTerms, ...moreGroups])}|(?:${alternation([...adjectives, "older", "younger", "foreign", "rich", "poor"])})\\s+(?:${groupNouns}))`;
  const adverbs = `(?:(?:${sweeping})\\s+)*`;
  const trait = `(?:a\\s+|an\\s+)?(?:${traits})`;
  const claim = `${groups}\\s+(?:are|is|were|'re)\\s+${adverbs}${trait}`;
  const verdict = `${groups}\\s+${adverbs}(?:${verdicts})`;
  const quantified = `(?:typical|all|every|most)\\s+${groups}[^.!?\\n]{0,40}?(?<![\\p{L}])(?:${traits})`;
  return new RegExp(`(?<![\\p{L}])(?:${claim}|${verdict}|${quantified})(?![\\p{L}])`, "giu");
}

/** Words of slanted, one-sided writing (opinion presented as fact). */
export const loadedWords: readonly string[] = [
  "everyone knows",
  "undeniably",
  "clearly superior",
  "inferior",
  "so-called",
  "propaganda",
  "disgraceful",
  "idiotic",
  "nobody in their right mind",
  "any sane person",
  "only an idiot",
];
