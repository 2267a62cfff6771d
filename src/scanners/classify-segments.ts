import type { TextClassifier } from "../detectors/classifier.js";
import type { MatchType } from "../scan/match-type.js";
import type { ScanResult } from "../scan/scanner.js";
import { segmentText } from "../scan/segment.js";

/**
 * Score `text` with `classifier` per segment (by `matchType`); the text's score is the highest
 * segment score and it is invalid when that reaches `threshold`. The text is never changed.
 */
export async function classifySegments(
  classifier: TextClassifier,
  text: string,
  matchType: MatchType,
  threshold: number,
): Promise<ScanResult> {
  const segments = segmentText(text, matchType).filter((segment) => segment.trim() !== "");
  if (segments.length === 0) return { sanitized: text, valid: true, score: 0 };
  const scores = classifier.predictBatch
    ? await classifier.predictBatch(segments)
    : await Promise.all(segments.map((segment) => classifier.predict(segment)));
  const score = Math.max(0, ...scores);
  return { sanitized: text, valid: score < threshold, score };
}
