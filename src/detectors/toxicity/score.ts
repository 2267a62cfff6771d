import type { ToxicitySignals } from "./signals.js";

/** Squeeze `value` above `knee` into [knee, ceiling] without changing the order of scores. */
function compress(value: number, knee: number, ceiling: number): number {
  return value <= knee ? value : knee + ((value - knee) / (1 - knee)) * (ceiling - knee);
}

/**
 * Turn the model's probability and the rule signals into one score in [0, 1]. The model decides;
 * the rules only step in where it is known to be blind: abuse aimed at someone that the rules
 * read for sure (an insult, a threat, a dehumanising generalisation) scores at least the rule's
 * level, a slur lifts the score as far as the model's reading of its context allows, and quoted, condemned or negated abuse (counter-speech, moderation reports,
 * "I don't hate X") is pulled below the line. Scores keep the model's order inside each band,
 * so ranking (AUC) survives.
 */
export function combineScore(signals: ToxicitySignals, modelProbability?: number): number {
  let score = modelProbability ?? 0.02;
  if (signals.reported || signals.negated) return compress(score, 0.15, 0.35);
  // Many slurs are also ordinary words ("coon" hunting, a car's "tranny", a team's name) or
  // reclaimed: the model's reading of the context scales how far the word alone can lift.
  if (signals.slur > 0) score = Math.max(score, (0.6 + 0.1 * (signals.slur - 1.8)) * (0.5 + score));
  if (signals.insult) score = Math.max(score, 0.75 + 0.2 * score);
  if (signals.derogation) score = Math.max(score, 0.8 + 0.15 * score);
  if (signals.threat) score = Math.max(score, 0.85 + 0.1 * score);
  return Math.min(1, Math.max(0, score));
}
