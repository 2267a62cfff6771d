import { describe, expect, it } from "vitest";
import { generateChunks, seededRandom } from "../../../bench/corpus.js";
import { splitPieces } from "../../../src/detectors/text-features/segments.js";
import { foldText } from "../../../src/detectors/toxicity/normalize.js";
import { splitForScoring } from "../../../src/detectors/toxicity/split.js";

/** The first grouping (one concatenation per sentence), the reference the joined groups must equal. */
function concatenatedPieces(folded: string): string[] {
  if (folded.length <= 320) return [folded];
  const out: string[] = [];
  let current = "";
  for (const sentence of splitPieces(folded)) {
    if (current !== "" && current.length + sentence.length + 1 > 320) {
      out.push(current);
      current = "";
    }
    if (sentence.length > 320) {
      for (let start = 0; start < sentence.length; start += 320)
        out.push(sentence.slice(start, start + 320));
      continue;
    }
    current = current === "" ? sentence : `${current} ${sentence}`;
  }
  if (current !== "") out.push(current);
  return out;
}

/** Sentences of random lengths (some longer than a piece), ends and line feeds. */
function sentenceTexts(count: number): string[] {
  const random = seededRandom(11);
  const ends = [". ", "! ", "? ", "; ", "\n", "\n\n", ".  ", ".\n"];
  return Array.from({ length: count }, () => {
    let text = "";
    const sentences = 1 + Math.floor(random() * 12);
    for (let index = 0; index < sentences; index += 1) {
      const words = 1 + Math.floor(random() * (random() < 0.1 ? 90 : 25));
      text += Array.from({ length: words }, (_, word) => `w${word}x`).join(" ");
      text += ends[Math.floor(random() * ends.length)]!;
    }
    return text;
  });
}

describe("splitForScoring", () => {
  it("groups sentences into the same pieces as one concatenation per sentence", () => {
    const texts = [
      ...generateChunks(300, 1000, 5),
      ...sentenceTexts(2000),
      "",
      "a. ".repeat(400),
      "x".repeat(1000),
      `${"word ".repeat(63)}end. ${"more ".repeat(63)}end.`,
    ];
    let grouped = 0;
    for (const text of texts) {
      const folded = foldText(text);
      const pieces = splitForScoring(folded);
      expect(pieces).toEqual(concatenatedPieces(folded));
      for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(320);
      if (pieces.some((piece) => splitPieces(piece).length > 1)) grouped += 1;
    }
    // The texts exercise the grouping, not only single-sentence pieces.
    expect(grouped).toBeGreaterThan(500);
  });
});
