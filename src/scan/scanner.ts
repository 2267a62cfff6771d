/** What one scanner says about one text. */
export interface ScanResult {
  /** The text after the scanner changed it (redaction, removal); unchanged when it does not. */
  sanitized: string;
  /** False when the scanner's score reached its threshold. */
  valid: boolean;
  /** 0.0 = nothing detected, 1.0 = detected with certainty. */
  score: number;
  /** Where in the text the scanner found what it scored (optional). */
  spans?: { start: number; end: number; score: number }[];
}

/** Where a scanned text comes from; a scanner may pick its operating point by it. */
export interface ScanContext {
  source?: "prompt" | "document" | "tool_output";
}

/**
 * A scanner checks (and may sanitize) one text. `name` is the key used in the validity and score
 * maps (`Regex`, `Anonymize`, `Toxicity`, `PromptInjection`, ...).
 *
 * @example
 * const upper: Scanner = { name: "Shout", scan: (text) => ({ sanitized: text, valid: text !== text.toUpperCase(), score: 0 }) };
 */
export interface Scanner {
  readonly name: string;
  scan(text: string, context?: ScanContext): ScanResult | Promise<ScanResult>;
}

/** Clamp a number into [0, 1] and round it to 4 decimals so maps stay readable. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return score > 0 ? 1 : 0;
  return Math.round(Math.min(1, Math.max(0, score)) * 10_000) / 10_000;
}
