import type { ToxicitySignals } from "./signals.js";

/**
 * Turn rule signals (and, when given, the model's probability) into one score in [0, 1].
 * Abuse aimed at someone scores high; profanity that is not aimed at anyone stays below 0.5;
 * quoted or condemned abuse is pulled down.
 */
export function combineScore(signals: ToxicitySignals, modelProbability?: number): number {
  const model = modelProbability ?? 0.02;
  let score = model;
  if (signals.profanity > 0)
    score = Math.max(score, Math.min(0.49, 0.25 + 0.08 * signals.profanity));
  if (signals.slur > 0) score = Math.max(score, 0.6 + 0.1 * (signals.slur - 1.8));
  if (signals.insult) score = Math.max(score, 0.8);
  if (signals.derogation) score = Math.max(score, 0.85);
  if (signals.threat) score = Math.max(score, 0.9);
  if (signals.reported) score = Math.min(score, 0.3);
  return Math.min(1, Math.max(0, score));
}
