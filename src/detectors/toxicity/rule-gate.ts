import { doxxVerbs } from "./person-abuse.js";
import type { PhraseSet } from "./phrases.js";

/**
 * Which rule families a text can trigger at all, from its words alone: each rule needs one of
 * its phrases to start at some token, so a text none of whose words starts such a phrase skips
 * the rule (same result, no scan). One map lookup per token replaces a pass per word list.
 */
export const RuleStart = {
  identity: 1,
  intent: 2,
  doxxing: 4,
  abuseAtReader: 8,
  hate: 16,
  reporting: 32,
  condemn: 64,
  medical: 128,
  reclaim: 256,
} as const;

type RuleFamily = keyof typeof RuleStart;

/** Word -> bits of the rule families one of whose phrases starts with that word. */
export interface RuleStarts {
  get(word: string): number | undefined;
  /** Every word that starts a phrase of some family (a gate switched off may not list them). */
  keys?(): Iterable<string>;
}

/** Every family bit: a {@link RuleStarts} that lets every rule run (the gate switched off). */
export const allRuleFamilies = Object.values(RuleStart).reduce((all, bit) => all | bit, 0);

/** Build the word -> families map from the phrase sets the rules scan for. */
export function compileRuleStarts(
  sets: Readonly<Record<Exclude<RuleFamily, "doxxing">, PhraseSet>>,
): RuleStarts {
  const out = new Map<string, number>();
  const add = (word: string, bit: number): void => {
    out.set(word, (out.get(word) ?? 0) | bit);
  };
  for (const [family, set] of Object.entries(sets) as [RuleFamily, PhraseSet][])
    for (const word of set.starters) add(word, RuleStart[family]);
  for (const word of doxxVerbs) add(word, RuleStart.doxxing);
  return out;
}

/**
 * The families (OR of {@link RuleStart} bits) whose phrases may start somewhere in `words`;
 * with `facts` (see `word-facts.ts`), from each word's facts instead of a lookup per word.
 */
export function ruleFamiliesIn(
  words: readonly string[],
  starts: RuleStarts,
  facts?: readonly ({ readonly families: number } | undefined)[],
): number {
  let found = 0;
  if (facts !== undefined) {
    for (let index = 0; index < words.length; index += 1) found |= facts[index]?.families ?? 0;
    return found;
  }
  for (let index = 0; index < words.length; index += 1) found |= starts.get(words[index]!) ?? 0;
  return found;
}
