import type { ToxicitySignals } from "./signals.js";

/** Squeeze `value` above `knee` into [knee, ceiling] without changing the order of scores. */
function compress(value: number, knee: number, ceiling: number): number {
  return value <= knee ? value : knee + ((value - knee) / (1 - knee)) * (ceiling - knee);
}

/**
 * Turn rule signals and the model's probability into one score in [0, 1]. Abuse aimed at
 * someone (insults, threats, demeaning generalisations, slurs) scores at least the rule's level;
 * profanity not aimed at anyone stays below 0.5; quoted, condemned or negated abuse is pulled
 * further down. Scores keep the model's order inside each band, so ranking (AUC) survives.
 */
export function combineScore(signals: ToxicitySignals, modelProbability?: number): number {
  let score = modelProbability ?? 0.02;
  const abusive = signals.insult || signals.threat || signals.derogation || signals.slur > 0;
  if (signals.reported || signals.negated) return compress(score, 0.15, 0.35);
  if (!abusive && signals.profanity > 0) {
    return Math.max(compress(score, 0.3, 0.49), Math.min(0.45, 0.2 + 0.08 * signals.profanity));
  }
  // Group statements with no abusive word: the model alone may not push them over the line
  // unless it is very sure (identity terms must not carry the score).
  if (!abusive && signals.identity) score = compress(score, 0.2, 0.56);
  if (signals.slur > 0) score = Math.max(score, 0.6 + 0.1 * (signals.slur - 1.8));
  if (signals.insult) score = Math.max(score, 0.75 + 0.2 * score);
  if (signals.derogation) score = Math.max(score, 0.8 + 0.15 * score);
  if (signals.threat) score = Math.max(score, 0.85 + 0.1 * score);
  return Math.min(1, Math.max(0, score));
}
