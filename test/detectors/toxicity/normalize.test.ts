import { describe, expect, it } from "vitest";
import {
  foldLeet,
  foldText,
  squeezeRuns,
  tokenize,
} from "../../../src/detectors/toxicity/normalize.js";

const words = (text: string): string[] => tokenize(foldText(text)).map((token) => token.text);

describe("toxicity normalisation", () => {
  it("folds case, accents and invisible characters", () => {
    expect(foldText("Ìdiot\u200b HERE")).toBe("idiot here");
  });

  it("folds leet only inside words that have letters", () => {
    expect(foldLeet("sh1t")).toBe("shit");
    expect(foldLeet("@ss")).toBe("ass");
    expect(foldLeet("2024")).toBe("2024");
    expect(words("you are a st00pid 1diot in 2024")).toEqual([
      "you",
      "are",
      "a",
      "stoopid",
      "idiot",
      "in",
      "2024",
    ]);
  });

  it("shortens stretched letters to two or one", () => {
    expect(squeezeRuns("fuuuuck", 1)).toBe("fuck");
    expect(squeezeRuns("asssss", 2)).toBe("ass");
  });

  it("joins spaced-out letters and keeps a leading pronoun when told which words exist", () => {
    expect(words("f u c k this")).toEqual(["fuck", "this"]);
    expect(words("s.c.u.m")).toEqual(["scum"]);
    expect(words("f-u-c-k")).toEqual(["fuck"]);
    const known = (word: string) => word === "hate";
    expect(tokenize(foldText("I h a t e mondays"), known).map((token) => token.text)).toEqual([
      "i",
      "hate",
      "mondays",
    ]);
  });

  it("marks masked words and drops apostrophes", () => {
    const [masked] = tokenize(foldText("f*ck"));
    expect(masked).toMatchObject({ text: "f*ck", masked: true });
    expect(words("don't you're")).toEqual(["dont", "youre"]);
  });

  it("records where each word starts", () => {
    expect(tokenize("ab  cd").map((token) => token.start)).toEqual([0, 4]);
  });
});
