import { ruleFragments } from "./rule-fragments.js";
import { dampingContexts, dampingFactor, type InjectionRule, injectionRules } from "./rules.js";

/** A rule compiled to a RegExp. */
export interface CompiledRule {
  readonly rule: InjectionRule;
  readonly regex: RegExp;
}

/** A rule that matched, with the text it matched and its (possibly damped) score. */
export interface RuleMatch {
  readonly id: string;
  readonly intent: InjectionRule["intent"];
  readonly match: string;
  readonly score: number;
  /** True when the sentence quotes or discusses the attack (the score is already damped). */
  readonly damped: boolean;
}

/** The compiled rule set plus the damping-context pattern. */
export interface RuleSet {
  readonly rules: readonly CompiledRule[];
  readonly damping: RegExp;
  readonly dampingFactor: number;
}

/** Replace `{NAME}` references with their fragments. */
export function expandPattern(
  pattern: string,
  fragments: Readonly<Record<string, string>>,
): string {
  return pattern.replace(/\{([A-Z]+)\}/g, (whole, name: string) => fragments[name] ?? whole);
}

/** Compile the rule table (default: the built-in one) once, at detector construction. */
export function compileRules(rules: readonly InjectionRule[] = injectionRules): RuleSet {
  return {
    rules: rules.map((rule) => ({
      rule,
      regex: new RegExp(expandPattern(rule.pattern, ruleFragments), "gu"),
    })),
    damping: new RegExp(`(?:^|[^\\p{L}])(?:${dampingContexts.join("|")})(?:[^\\p{L}]|$)`, "u"),
    dampingFactor,
  };
}

const sentenceEnd = /[.!?\n]/;

/** The sentence or line around `text[start, end)`, for the damping check. */
export function sentenceAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !sentenceEnd.test(text[from - 1]!)) from -= 1;
  let to = end;
  while (to < text.length && !sentenceEnd.test(text[to]!)) to += 1;
  return text.slice(from, to);
}

/**
 * Every match of every rule in normalised `text` (one scan per rule over the whole text), each
 * damped when its sentence quotes or discusses the attack rather than making it.
 */
export function matchRules(ruleSet: RuleSet, text: string): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const { rule, regex } of ruleSet.rules) {
    regex.lastIndex = 0;
    for (let found = regex.exec(text); found !== null; found = regex.exec(text)) {
      const end = found.index + Math.max(1, found[0].length);
      const damped = ruleSet.damping.test(sentenceAround(text, found.index, end));
      const score = damped ? rule.weight * ruleSet.dampingFactor : rule.weight;
      out.push({ id: rule.id, intent: rule.intent, match: found[0], score, damped });
      regex.lastIndex = end;
    }
  }
  return out;
}

/**
 * Combine rule matches: the strongest undamped match per intent, then a noisy-OR across intents,
 * so two weak but different signals (hidden styling and a reference to "your summary") add up.
 * Damped matches (quoted or discussed attacks) never add up; only the strongest one counts.
 */
export function combineRuleMatches(matches: readonly RuleMatch[]): number {
  const perIntent = new Map<string, number>();
  let dampedBest = 0;
  for (const match of matches) {
    if (match.damped) dampedBest = Math.max(dampedBest, match.score);
    else perIntent.set(match.intent, Math.max(perIntent.get(match.intent) ?? 0, match.score));
  }
  let miss = 1;
  for (const score of perIntent.values()) miss *= 1 - score;
  return Math.max(1 - miss, dampedBest);
}
