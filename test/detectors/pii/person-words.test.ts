import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateChunks, seededRandom } from "../../../cli/bench/corpus.js";
import {
  lowerCueEnds,
  mayFollowLowerCue,
  scanWords,
  Words,
  wordPattern,
} from "../../../src/detectors/pii/person-words.js";

const repoRoot = new URL("../../../", import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Prose, the sample corpus, and cue-heavy strings in odd cases and scripts. */
function sampleTexts(): string[] {
  const random = seededRandom(5);
  const parts = ["is", "IS", "Is", "iS", "me", "ME", "named", "NAMED", "signed", "Signed"];
  parts.push("am", "AM", "i'm", "I'M", "I’m", "im", "İs", "ıs", "ſigned", "naMed", "ism", "mE.");
  parts.push("john", "smith", "ann", "éva", "zoë", "x", " ", ", ", ". ", "\n", "'s", "-");
  const cueStrings = Array.from({ length: 3000 }, () =>
    Array.from({ length: 12 }, () => parts[Math.floor(random() * parts.length)]).join(" "),
  );
  const docs = filesUnder(join(repoRoot, "fixtures/docs"))
    .filter((path) => ![".pdf", ".docx"].includes(extname(path)))
    .map((path) => readFileSync(path, "utf8"));
  return [...cueStrings, ...docs, ...generateChunks(200)];
}

describe("PERSON word skipping", () => {
  it("never skips a word that follows a lower-case name cue", () => {
    let cued = 0;
    let skipped = 0;
    for (const text of sampleTexts()) {
      const words = new Words(text);
      for (let index = 1; index < words.length; index += 1) {
        const follows = lowerCueEnds.has(words.at(index - 1)!.lower);
        const may = mayFollowLowerCue(words, index);
        if (follows) {
          cued += 1;
          expect(may, `${words.at(index - 1)!.text} ${words.at(index)!.text}`).toBe(true);
        }
        if (!may) skipped += 1;
      }
    }
    // Both sides must be exercised: cues met, and most other words skipped.
    expect(cued).toBeGreaterThan(1000);
    expect(skipped).toBeGreaterThan(10_000);
  });

  it("makes the same tokens as the word pattern, with possessives and periods dropped", () => {
    const words = new Words("Ask Dr. Jane O'Brien's cat, and Zoë’s.");
    const tokens = Array.from({ length: words.length }, (_, index) => words.at(index)!);
    expect(tokens.map((token) => [token.text, token.lower, token.start, token.end])).toEqual([
      ["Ask", "ask", 0, 3],
      ["Dr", "dr", 4, 6],
      ["Jane", "jane", 8, 12],
      ["O'Brien", "o'brien", 13, 20],
      ["cat", "cat", 23, 26],
      ["and", "and", 28, 31],
      ["Zoë", "zoë", 32, 35],
    ]);
    expect(words.at(-1)).toBeUndefined();
    expect(words.at(words.length)).toBeUndefined();
  });

  it("finds exactly the word pattern's matches, in any script and around surrogates", () => {
    const random = seededRandom(9);
    const parts = ["Jane", "o'brien", "O’Neil", "-", "'", "’", ".", "..", " ", "\n", "3", "_"];
    parts.push("é", "e\u0301", "\u0301", "Zoë", "İ", "ß", "日本", "Ωμέγα", "—", "“", "”", "\u200b");
    parts.push("𝐀𝐁", "😀", "\ud835", "\udc00", "\ud800x", "a\udc00", "𐐷", "x-", "-y", "a.b");
    const texts = Array.from({ length: 4000 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 16) },
        () => parts[Math.floor(random() * parts.length)],
      ).join(""),
    );
    texts.push(...sampleTexts(), "");
    let words = 0;
    for (const text of texts) {
      const expected = [...text.matchAll(wordPattern)].map((m) => [m.index, m.index + m[0].length]);
      const starts: number[] = [];
      const ends: number[] = [];
      scanWords(text, starts, ends);
      expect(
        starts.map((start, index) => [start, ends[index]]),
        JSON.stringify(text),
      ).toEqual(expected);
      words += starts.length;
    }
    expect(words).toBeGreaterThan(50_000);
  });
});
