/** Softmax over one row of logits. */
export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((value) => Math.exp(value - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** Element-wise logistic sigmoid. */
export function sigmoid(logits: readonly number[]): number[] {
  return logits.map((value) => 1 / (1 + Math.exp(-value)));
}

/**
 * Probability that a row is positive: the summed softmax mass of the positive labels
 * (single-label models) or the highest sigmoid among them (multi-label models).
 */
export function positiveProbability(
  logits: readonly number[],
  positive: readonly number[],
  multiLabel: boolean,
): number {
  if (multiLabel) {
    const probs = sigmoid(logits);
    return Math.max(...positive.map((index) => probs[index] ?? 0));
  }
  const probs = softmax(logits);
  return positive.reduce((sum, index) => sum + (probs[index] ?? 0), 0);
}
