import { snapshotClauses } from "../text-features/clause-snapshot.js";
import { compileLiteralGates, type LiteralScanner } from "../text-features/literal-scan.js";
import { type RequiredLiterals, requiredLiterals } from "../text-features/required-literals.js";
import { whitespaceRunClauses } from "../text-features/whitespace-run-clauses.js";
import {
  attackTalkContexts,
  audienceContexts,
  dampingContexts,
  dampingFactor,
  exampleContexts,
} from "./context-words.js";
import { createQuoteContext, type LeadInCues, type QuoteContext } from "./quote-context.js";
import { ruleFragments } from "./rule-fragments.js";
import { createRuleGateIndex, type RuleGateIndex } from "./rule-gates.js";
import { ruleLiteralClauses } from "./rule-literals.generated.js";
import { type InjectionRule, injectionRules } from "./rules.js";

/** A rule compiled to a RegExp. */
export interface CompiledRule {
  readonly rule: InjectionRule;
  readonly regex: RegExp;
  /**
   * Literal ids (in the rule set's prefilter) the text must contain, one of each clause, for
   * the regex to match anywhere; empty when the rule always runs.
   */
  readonly gate: readonly (readonly number[])[];
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

/** The compiled rule set plus the damping-context patterns. */
export interface RuleSet {
  readonly rules: readonly CompiledRule[];
  /** Words in a sentence that mark it as quoting or discussing an attack. */
  readonly damping: RegExp;
  /** Words before a quoted span (code, quotation marks, table rows) that make it an example. */
  readonly quoteLeadIn: LeadInCues;
  readonly dampingFactor: number;
  /** Finds the literals of every rule's gate in one pass; null runs every rule on every text. */
  readonly prefilter: LiteralScanner | null;
  /**
   * The prefilter's flags, one per literal, reused by every {@link matchRules} call (a fresh
   * array per text was an off-heap allocation of ~2 KB); emptied before each scan.
   */
  readonly found: Uint8Array;
  /** Which gates the flags in {@link found} pass; null with the prefilter. */
  readonly gateIndex: RuleGateIndex | null;
}

/** Options for {@link compileRules}. */
export interface CompileRulesOptions {
  /** Skip rules whose required literals a text lacks (default true; false for equivalence tests). */
  prefilter?: boolean;
}

function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(`(?:^|[^\\p{L}])(?:${words.join("|")})(?:[^\\p{L}]|$)`, "u");
}

/** Replace `{NAME}` references with their fragments. */
export function expandPattern(
  pattern: string,
  fragments: Readonly<Record<string, string>>,
): string {
  return pattern.replace(/\{([A-Z]+)\}/g, (whole, name: string) => fragments[name] ?? whole);
}

/** The rules' regexes, as {@link compileRules} compiles them. */
export function ruleRegexes(rules: readonly InjectionRule[] = injectionRules): RegExp[] {
  return rules.map((rule) => new RegExp(expandPattern(rule.pattern, ruleFragments), "gu"));
}

/**
 * A rule regex's gate clauses: its required literals (derived from the regex source, so a new
 * rule is covered without annotations) and those across its `\s*` runs.
 */
export function ruleGateClauses(regex: RegExp): RequiredLiterals {
  return [...requiredLiterals(regex), ...whitespaceRunClauses(regex)];
}

/**
 * Gates from each regex's clauses (the built-in rules' from the generated snapshot) and one
 * scanner for all their literals.
 */
function compileRuleGates(regexes: readonly RegExp[]) {
  const { gates, scanner } = compileLiteralGates(
    regexes.map((regex) => snapshotClauses(ruleLiteralClauses, regex, ruleGateClauses)),
  );
  return { gates, prefilter: scanner };
}

/** Compile the rule table (default: the built-in one) once, at detector construction. */
export function compileRules(
  rules: readonly InjectionRule[] = injectionRules,
  options: CompileRulesOptions = {},
): RuleSet {
  const regexes = ruleRegexes(rules);
  const { gates, prefilter } =
    options.prefilter === false
      ? { gates: regexes.map(() => []), prefilter: null }
      : compileRuleGates(regexes);
  const gateIndex =
    prefilter === null ? null : createRuleGateIndex(gates, prefilter.literals.length);
  return {
    rules: rules.map((rule, index) => ({ rule, regex: regexes[index]!, gate: gates[index]! })),
    damping: wordsPattern(dampingContexts),
    quoteLeadIn: {
      code: wordsPattern(attackTalkContexts),
      quote: wordsPattern([...exampleContexts, ...attackTalkContexts, ...audienceContexts]),
      table: wordsPattern([...exampleContexts, ...attackTalkContexts, ...audienceContexts]),
    },
    dampingFactor,
    prefilter,
    found: gateIndex === null ? new Uint8Array(0) : gateIndex.found,
    gateIndex,
  };
}

/** `.`, `?`, a line break, or a `!` that does not open `<!--` or `![`. */
function isSentenceEnd(text: string, index: number): boolean {
  const char = text[index];
  if (char === "." || char === "?" || char === "\n") return true;
  if (char !== "!") return false;
  const next = text[index + 1];
  return next !== "-" && next !== "[";
}

/** How far the damping check looks around a match, and how many damped matches a rule reports. */
const contextReach = 300;
const maxDampedMatches = 16;

/** The sentence or line around `text[start, end)` (at most 300 characters each way), for the damping check. */
export function sentenceAround(text: string, start: number, end: number): string {
  let from = start;
  const floor = Math.max(0, start - contextReach);
  while (from > floor && !isSentenceEnd(text, from - 1)) from -= 1;
  let to = end;
  const ceiling = Math.min(text.length, end + contextReach);
  while (to < ceiling && !isSentenceEnd(text, to)) to += 1;
  return text.slice(from, to);
}

/** URLs, e-mail addresses and domain names (`docs.example/…`), whose words are not prose. */
const addressLike = /\S*:\/\/\S*|[\w.+-]*@\S+|\b[\w-]{2,}(?:\.[\w-]{2,})+(?:\/\S*)?/g;

/** True when `sentence`, without its URLs and domain names, has a damping word. */
export function hasDampingWord(ruleSet: RuleSet, sentence: string): boolean {
  return ruleSet.damping.test(sentence) && ruleSet.damping.test(sentence.replace(addressLike, " "));
}

/**
 * True when a match at `[start, end)` quotes or discusses an attack: its sentence has a damping
 * word, or it sits in a quoted span (code, quotation marks, a table row) introduced as an
 * example or addressed to people.
 */
export function isDampedAt(
  ruleSet: RuleSet,
  text: string,
  quotes: QuoteContext,
  start: number,
  end: number,
): boolean {
  return (
    hasDampingWord(ruleSet, sentenceAround(text, start, end)) || quotes.quotedAsExample(start, end)
  );
}

/**
 * The matches of every rule in normalised `text` (one scan per rule over the whole text): the
 * first undamped match of each rule, and up to 16 matches damped because their sentence quotes
 * or discusses the attack rather than making it.
 */
export function matchRules(
  ruleSet: RuleSet,
  text: string,
  quotes: QuoteContext = createQuoteContext(text, ruleSet.quoteLeadIn),
): RuleMatch[] {
  const out: RuleMatch[] = [];
  let ticks: Int32Array | null = null;
  if (ruleSet.prefilter !== null && ruleSet.gateIndex !== null) {
    ruleSet.prefilter.scan(text, ruleSet.found.fill(0));
    ticks = ruleSet.gateIndex.tick();
  }
  const rules = ruleSet.rules;
  for (let index = 0; index < rules.length; index += 1) {
    const { rule, regex, gate } = rules[index]!;
    // A text without the literals a rule needs (a clause none of whose literals it holds)
    // cannot match it: skipping changes nothing.
    if (ticks !== null && ticks[index] !== gate.length) continue;
    regex.lastIndex = 0;
    let damped = 0;
    for (let found = regex.exec(text); found !== null; found = regex.exec(text)) {
      const end = found.index + Math.max(1, found[0].length);
      regex.lastIndex = end;
      if (!isDampedAt(ruleSet, text, quotes, found.index, end)) {
        // One undamped match gives the rule its full weight; later ones add nothing.
        out.push({
          id: rule.id,
          intent: rule.intent,
          match: found[0],
          score: rule.weight,
          damped: false,
        });
        break;
      }
      damped += 1;
      if (damped > maxDampedMatches) continue;
      const score = rule.weight * ruleSet.dampingFactor;
      out.push({ id: rule.id, intent: rule.intent, match: found[0], score, damped: true });
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
