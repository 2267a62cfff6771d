/**
 * The built-in model's raw probabilities put each kind of text's operating point somewhere in
 * 0.94–0.99. The scanner reports a calibrated score instead: a monotone, piecewise-linear remap
 * that sends the shipped operating point of the text's kind to {@link calibratedThreshold}, 0 to 0
 * and 1 to 1. So one threshold means the same thing for prompts, documents and tool outputs, and
 * LLM Guard's own `threshold: 0.92` (chosen for its DeBERTa model) means our shipped operating
 * point instead of flagging everyday prompts. Rankings, and so AUC, are unchanged.
 */
export const calibratedThreshold = 0.92;

/** Raw probability `p` to the calibrated score, for a kind of text whose operating point is `raw`. */
export function calibrate(p: number, raw: number): number {
  if (p <= raw) return (calibratedThreshold * p) / raw;
  return calibratedThreshold + ((1 - calibratedThreshold) * (p - raw)) / (1 - raw);
}

/** The raw probability whose calibrated score is `score` (the inverse of {@link calibrate}). */
export function uncalibrate(score: number, raw: number): number {
  if (score <= calibratedThreshold) return (score * raw) / calibratedThreshold;
  return raw + ((score - calibratedThreshold) * (1 - raw)) / (1 - calibratedThreshold);
}
