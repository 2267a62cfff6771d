/** What one scanner says about one text. */
export interface ScanResult {
  /** The text after the scanner changed it (redaction, removal); unchanged when it does not. */
  sanitized: string;
  /** False when the scanner's score reached its threshold. */
  valid: boolean;
  /** 0.0 = nothing detected, 1.0 = detected with certainty. */
  score: number;
  /**
   * Optional: the character spans of the input text that carry what was detected (start inclusive,
   * end exclusive, UTF-16 offsets into the text the scanner received), each with its own score.
   * PromptInjection reports the planted instruction here; other scanners may leave it out.
   */
  spans?: ScanSpan[];
}

/** One detected region of a scanned text: `text.slice(start, end)`, scored in [0, 1]. */
export interface ScanSpan {
  start: number;
  end: number;
  score: number;
}

/** Where a text comes from; scanners with context-dependent operating points pick one by it. */
export const SCAN_SOURCES = ["prompt", "document", "tool_output"] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/** Per-call context a caller may pass to `Scanner.scan`; scanners that do not use it ignore it. */
export interface ScanContext {
  /** The kind of text: a user/system prompt, a document chunk, or a tool/function result. */
  source?: ScanSource;
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
