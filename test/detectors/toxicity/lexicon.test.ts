import { describe, expect, it } from "vitest";
import { compileLexicon, type LexiconData } from "../../../src/detectors/toxicity/lexicon.js";
import { foldText, splitTokens } from "../../../src/detectors/toxicity/normalize.js";

const data: LexiconData = {
  version: 1,
  terms: {
    fuck: [2.4, "sexual", 0],
    shit: [1.5, "profanity", 0],
    slut: [2.2, "sexual", 0],
    motherfucker: [2.8, "sexual", 0],
    "son of a bitch": [2, "insult", 0],
    queer: [2.2, "orientation", 1],
  },
};
const lexicon = compileLexicon(data);
const find = (text: string) => lexicon.find(splitTokens(foldText(text)));

describe("toxicity lexicon", () => {
  it("finds words with severity, category and the reclaimable flag", () => {
    expect(find("well fuck")).toEqual([
      {
        term: "fuck",
        severity: 2.4,
        category: "sexual",
        reclaimable: false,
        index: 1,
        length: 1,
        masked: false,
      },
    ]);
    expect(find("queer")[0]?.reclaimable).toBe(true);
  });

  it("finds stretched, leet and spaced spellings", () => {
    expect(find("fuuuuuck").map((hit) => hit.term)).toEqual(["fuck"]);
    expect(find("sh1t").map((hit) => hit.term)).toEqual(["shit"]);
    expect(find("f u c k").map((hit) => hit.term)).toEqual(["fuck"]);
  });

  it("finds phrases and split compounds", () => {
    expect(find("you son of a bitch")).toMatchObject([
      { term: "son of a bitch", index: 1, length: 4 },
    ]);
    expect(find("mother fucker")).toMatchObject([{ term: "motherfucker", length: 2 }]);
  });

  it("finds phrases and compounds stretched across their words (the phrase pre-check)", () => {
    expect(find("you son off a bitchhh")).toMatchObject([{ term: "son of a bitch", length: 4 }]);
    expect(find("mother ffuucker")).toMatchObject([{ term: "motherfucker", length: 2 }]);
    expect(find("mothe rfucker")).toMatchObject([{ term: "motherfucker", length: 2 }]);
    expect(find("son of mine, a bitch")).toEqual([]);
  });

  it("resolves masked words, preferring the common swear words", () => {
    expect(find("f*ck off")).toMatchObject([{ term: "fuck", masked: true }]);
    expect(find("s**t")).toMatchObject([{ term: "shit" }]);
    const unmasked = lexicon.unmask(splitTokens(foldText("sh*t happens")));
    expect(unmasked.words).toEqual(["shit", "happens"]);
    expect(unmasked.masked).toEqual([true, false]);
  });

  it("does not match inside ordinary words", () => {
    expect(find("shitake mushrooms and a classic assessment")).toEqual([]);
  });

  it("answers squeezed lookups the same when they are remembered, and after forgetting them", () => {
    const text = "fuuuck all the shhiit, sllluttt and well well fuuuck";
    const first = find(text);
    expect(first.map((hit) => hit.term)).toEqual(["fuck", "shit", "slut", "fuck"]);
    expect(find(text)).toEqual(first);
    // Thousands of distinct doubled words overflow the remembered answers, which start again.
    const filler = Array.from({ length: 5000 }, (_, index) => `zz${index.toString(36)}`).join(" ");
    expect(find(filler)).toEqual([]);
    expect(find(text)).toEqual(first);
  });
});
