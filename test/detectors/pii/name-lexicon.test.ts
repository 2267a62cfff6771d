import { describe, expect, it } from "vitest";
import { buildNameLexicon, readNameList } from "../../../src/detectors/pii/name-lexicon.js";

describe("buildNameLexicon", () => {
  const tags = {
    anna: "FemaleName",
    smith: "LastName",
    paris: "City",
    he: "Pronoun",
    mark: "Verb",
    "new york": "City",
  };
  const lexicon = buildNameLexicon(
    tags,
    { mark: "Person|Verb" },
    {
      givenNames: ["anna", "radka", "paris", "he"],
      surnames: ["okafor", "smith"],
      ambiguous: ["summer"],
    },
  );

  it("adds listed names, and makes a listed name that is another known word ambiguous", () => {
    expect(lexicon.givenNames.has("radka")).toBe(true);
    expect(lexicon.surnames.has("okafor")).toBe(true);
    expect(lexicon.givenNames.has("paris")).toBe(false);
    expect(lexicon.ambiguousNames.has("paris")).toBe(true);
    expect(lexicon.ambiguousNames.has("summer")).toBe(true);
    expect(lexicon.ambiguousNames.has("mark")).toBe(true);
    expect(lexicon.phrases.has("new york")).toBe(true);
  });

  it("never takes closed-class words or months for names", () => {
    for (const set of [lexicon.givenNames, lexicon.surnames, lexicon.ambiguousNames]) {
      expect(set.has("he")).toBe(false);
      expect(set.has("may")).toBe(false);
    }
  });
});

describe("readNameList", () => {
  it("reads the shipped list: thousands of lower-case names, everyday words kept apart", () => {
    const list = readNameList();
    expect(list.givenNames.length).toBeGreaterThan(5000);
    expect(list.surnames.length).toBeGreaterThan(5000);
    for (const word of [...list.givenNames, ...list.surnames]) {
      expect(word).toBe(word.toLowerCase());
    }
    const ambiguous = new Set(list.ambiguous);
    expect(list.givenNames.some((word) => ambiguous.has(word))).toBe(false);
  });
});
