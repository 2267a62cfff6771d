import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../bench/corpus.js";
import {
  endsInContraction,
  hasEarlyApostrophe,
  isCapitalized,
} from "../../../src/detectors/pii/word-shape.js";

/** Random words from letters, apostrophes, case pairs and non-ASCII letters that change size. */
function randomWords(count: number): string[] {
  const random = seededRandom(13);
  const parts = ["a", "B", "d", "t", "m", "v", "e", "r", "l", "'", "’", "-", "ß", "É", "é", "ǅ"];
  parts.push("İ", "ı", "Ω", "ω", "ﬁ", "𝐀", "日", "X", "ve", "re", "ll", "Mc", "O'", "'s", "I");
  const words = ["", "a", "I", "IBM", "Jane", "JANE", "jane", "O'Brien", "don't", "I'VE", "Straße"];
  for (let index = 0; index < count; index += 1) {
    const length = 1 + Math.floor(random() * 6);
    words.push(Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join(""));
  }
  return words;
}

describe("PERSON word shapes", () => {
  it("equal the expressions they replace", () => {
    for (const word of randomWords(60_000)) {
      const first = word[0] ?? "";
      const capitalized =
        first !== first.toLowerCase() && word.slice(1) !== word.slice(1).toUpperCase();
      expect(isCapitalized(word), word).toBe(capitalized);
      expect(hasEarlyApostrophe(word), word).toBe(/['’]/.test(word.slice(1, 3)));
      expect(endsInContraction(word), word).toBe(/['’](?:ve|re|ll|d|t|m)$/.test(word));
    }
  });
});
