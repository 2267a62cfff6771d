import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateChunks, seededRandom } from "../../../bench/corpus.js";
import {
  isWordStart,
  lowerCueEnds,
  lowerNameCue,
  lowerRelationCue,
  NameOpenings,
  previousWordStart,
  scanWords,
  Tokens,
  tokenAt,
  wordEnd,
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
  parts.push("friend", "FRIEND", "Boss", "my", "sister", "sons");
  parts.push("john", "smith", "ann", "éva", "zoë", "x", " ", ", ", ". ", "\n", "'s", "-");
  const cueStrings = Array.from({ length: 3000 }, () =>
    Array.from({ length: 12 }, () => parts[Math.floor(random() * parts.length)]).join(" "),
  );
  const docs = filesUnder(join(repoRoot, "fixtures/docs"))
    .filter((path) => ![".pdf", ".docx"].includes(extname(path)))
    .map((path) => readFileSync(path, "utf8"));
  return [...cueStrings, ...docs, ...generateChunks(200)];
}

/** Random strings of words, cue words, punctuation, non-ASCII letters, marks and surrogates. */
function oddTexts(count: number): string[] {
  const random = seededRandom(9);
  const parts = ["Jane", "o'brien", "O’Neil", "-", "'", "’", ".", "..", " ", "\n", "3", "_"];
  parts.push("é", "e\u0301", "\u0301", "Zoë", "İ", "ß", "日本", "Ωμέγα", "—", "“", "”", "\u200b");
  parts.push("𝐀𝐁", "😀", "\ud835", "\udc00", "\ud800x", "a\udc00", "𐐷", "x-", "-y", "a.b");
  parts.push("is", "Named", "I'm", "im", "call me", "name is", "\t", "  ", "A", "McD");
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * 16) },
      () => parts[Math.floor(random() * parts.length)],
    ).join(""),
  );
}

/** The word pattern's matches: [start, end] pairs. */
function patternWords(text: string): [number, number][] {
  return [...text.matchAll(wordPattern)].map((m) => [m.index, m.index + m[0].length]);
}

/** The cue test of person.ts (followsLowerNameCue) on the word at `start`. */
function followsLowerCue(text: string, start: number): boolean {
  const previous = new Tokens(text).before(start);
  if (!previous || !lowerCueEnds.has(previous.lower)) return false;
  const before = text.slice(Math.max(0, start - 16), start);
  return lowerNameCue.test(before) || lowerRelationCue.test(before);
}

describe("PERSON words", () => {
  it("makes the same tokens as the word pattern, with possessives and periods dropped", () => {
    const text = "Ask Dr. Jane O'Brien's cat, and Zoë’s.";
    const words = new Tokens(text);
    const tokens = [];
    for (let token = words.at(0); token; token = words.after(token)) tokens.push(token);
    expect(tokens.map((token) => [token.text, token.lower, token.start, token.end])).toEqual([
      ["Ask", "ask", 0, 3],
      ["Dr", "dr", 4, 6],
      ["Jane", "jane", 8, 12],
      ["O'Brien", "o'brien", 13, 20],
      ["cat", "cat", 23, 26],
      ["and", "and", 28, 31],
      ["Zoë", "zoë", 32, 35],
    ]);
    expect(tokenAt(text, -1)).toBeUndefined();
    expect(words.before(0)).toBeUndefined();
    expect(words.after(tokens[tokens.length - 1]!)).toBeUndefined();
    // The word before, whether it was just read, read earlier or never read.
    const fresh = new Tokens(text);
    expect(fresh.before(23)?.text).toBe("O'Brien");
    expect(fresh.at(8)?.text).toBe("Jane");
    expect(fresh.before(13)?.text).toBe("Jane");
    expect(fresh.before(28)?.text).toBe("cat");
    expect(fresh.before(32)?.text).toBe("and");
    expect(fresh.before(8)?.text).toBe("Dr");
  });

  it("finds exactly the word pattern's matches, both ways, in any script and around surrogates", () => {
    const texts = [...oddTexts(4000), ...sampleTexts(), ""];
    let words = 0;
    let inside = 0;
    for (const text of texts) {
      const expected = patternWords(text);
      const starts: number[] = [];
      const ends: number[] = [];
      scanWords(text, starts, ends);
      expect(
        starts.map((start, index) => [start, ends[index]]),
        JSON.stringify(text),
      ).toEqual(expected);
      expect(
        expected.map(([start]) => [previousWordStart(text, start), wordEnd(text, start)]),
        JSON.stringify(text),
      ).toEqual(expected.map(([, end], index) => [index > 0 ? expected[index - 1]![0] : -1, end]));
      // Every letter is a word start exactly when a match starts there.
      const matchStarts = new Set(expected.map(([start]) => start));
      const letters = [...text.matchAll(/\p{L}/gu)].map((match) => match.index);
      expect(
        letters.map((index) => isWordStart(text, index)),
        JSON.stringify(text),
      ).toEqual(letters.map((index) => matchStarts.has(index)));
      inside += letters.length - matchStarts.size;
      words += starts.length;
    }
    expect(words).toBeGreaterThan(50_000);
    expect(inside).toBeGreaterThan(50_000);
  });

  it("opens every word that starts without a lower-case ASCII letter or follows a lower-case cue", () => {
    let cued = 0;
    let skipped = 0;
    for (const text of [...oddTexts(4000), ...sampleTexts()]) {
      const words = patternWords(text).map(([start]) => start);
      const openings = new NameOpenings(text, false);
      const opened: number[] = [];
      for (let start = openings.next(0); start !== -1; start = openings.next(wordEnd(text, start)))
        opened.push(start);
      const openedSet = new Set(opened);
      // Openings are words, in order.
      expect(opened.every((start) => words.includes(start))).toBe(true);
      expect([...opened].sort((a, b) => a - b)).toEqual(opened);
      for (const start of words) {
        const code = text.charCodeAt(start);
        const lower = code >= 97 && code <= 122;
        const cue = lower && followsLowerCue(text, start);
        if (cue) cued += 1;
        if (!lower || cue) expect(openedSet.has(start), JSON.stringify(text)).toBe(true);
        else if (!openedSet.has(start)) skipped += 1;
      }
      // All-lower-case text opens every word.
      const every = new NameOpenings(text, true);
      const all: number[] = [];
      for (let start = every.next(0); start !== -1; start = every.next(wordEnd(text, start)))
        all.push(start);
      expect(all).toEqual(words);
    }
    // Both sides must be exercised: cues met, and most other words skipped.
    expect(cued).toBeGreaterThan(1000);
    expect(skipped).toBeGreaterThan(10_000);
  });
});
