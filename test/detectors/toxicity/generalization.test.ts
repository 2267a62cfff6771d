import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToxicityDetector } from "../../../src/detectors/toxicity/detector.js";
import { multilingualCases } from "./multilingual-cases.js";

const detector = createToxicityDetector();
const flagged = (text: string): boolean => (detector.predict(text) as number) >= 0.5;

interface Probe {
  text: string;
  label: 0 | 1;
  kind: string;
}

const probes = readFileSync(new URL("./fixtures/issue-24-probes.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Probe);

describe("toxicity on text unlike its training data", () => {
  it("does not flag everyday prompts with violent or pest words, or questions about people", () => {
    const everyday = probes.filter((probe) => probe.kind === "everyday");
    expect(everyday.length).toBeGreaterThanOrEqual(15);
    const wrong = everyday.filter((probe) => flagged(probe.text)).map((probe) => probe.text);
    expect(wrong.length, JSON.stringify(wrong)).toBeLessThanOrEqual(1);
  });

  it("gets threats without keywords, calls to harass, implicit and obfuscated abuse", () => {
    const toxic = probes.filter((probe) => probe.label === 1);
    const missed = toxic.filter((probe) => !flagged(probe.text));
    expect(missed.length / toxic.length, JSON.stringify(missed)).toBeLessThanOrEqual(0.2);
  });

  it("leaves news about violence, civil debate, counter-speech and reclaimed words mostly alone", () => {
    const hard = probes.filter((probe) => probe.label === 0 && probe.kind !== "everyday");
    const wrong = hard.filter((probe) => flagged(probe.text));
    expect(wrong.length / hard.length, JSON.stringify(wrong)).toBeLessThanOrEqual(0.25);
  });

  it("judges a long text by its worst part, and never for its length", () => {
    const debate =
      "Whether faith schools should receive public funding is a question on which reasonable " +
      "people disagree, and the evidence on outcomes is mixed once intake is accounted for. ";
    const long = debate.repeat(12);
    expect(long.length).toBeGreaterThan(2000);
    expect(flagged(long)).toBe(false);
    const planted = `${debate.repeat(6)}Anyone who disagrees is a brain-dead moron who should shut up. ${debate.repeat(6)}`;
    expect(flagged(planted)).toBe(true);
    // Not diluted: the window around the insult scores about as high as the insult alone.
    const alone = detector.explain(
      "Anyone who disagrees is a brain-dead moron who should shut up.",
    );
    expect(detector.predict(planted)).toBeGreaterThanOrEqual(alone.score - 0.1);
  });
});

describe("toxicity in other languages", () => {
  const languages = [...new Set(multilingualCases.map((item) => item.language))];

  it("covers the fourteen languages besides English", () => {
    expect(languages.sort()).toEqual(
      ["ar", "de", "es", "fr", "hi", "it", "ja", "ko", "nl", "pl", "pt", "ru", "tr", "zh"].sort(),
    );
  });

  it("is right on most toxic and clean sentences overall", () => {
    const right = multilingualCases.filter((item) => flagged(item.text) === (item.label === 1));
    expect(right.length / multilingualCases.length).toBeGreaterThanOrEqual(0.8);
  });

  it.each(languages)("is right on at least four of six sentences in %s", (language) => {
    const cases = multilingualCases.filter((item) => item.language === language);
    const wrong = cases.filter((item) => flagged(item.text) !== (item.label === 1));
    expect(wrong.length, JSON.stringify(wrong)).toBeLessThanOrEqual(2);
  });
});
