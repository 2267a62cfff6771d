import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToxicityDetector } from "../../../src/detectors/toxicity/detector.js";
import { identityWords } from "../../../src/detectors/toxicity/terms.js";
import { functionalCases } from "./functional-cases.js";

const detector = createToxicityDetector();
const score = (text: string): number => detector.predict(text) as number;

describe("built-in toxicity detector", () => {
  it("returns probabilities in [0, 1] and has a stable id", () => {
    expect(detector.id).toBe("builtin-toxicity-v2");
    for (const text of ["", "   ", "hello", "you idiot", "x".repeat(5000)]) {
      expect(score(text)).toBeGreaterThanOrEqual(0);
      expect(score(text)).toBeLessThanOrEqual(1);
    }
  });

  it("passes the HateCheck-style functional set (per functionality, the shipped threshold)", () => {
    const cases = functionalCases();
    const wrong = cases.filter((item) => (score(item.text) >= 0.5 ? 1 : 0) !== item.label);
    expect(wrong.length / cases.length).toBeLessThan(0.1);
  });

  it("stays accurate on the written-for-ragguard hold-out fixtures", () => {
    for (const name of ["functional-holdout", "talk-page-style"]) {
      const rows = readFileSync(new URL(`./fixtures/${name}.jsonl`, import.meta.url), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { text: string; label: 0 | 1 });
      const correct = rows.filter((row) => (score(row.text) >= 0.5 ? 1 : 0) === row.label);
      expect(correct.length / rows.length, name).toBeGreaterThanOrEqual(0.85);
    }
  });

  it("never flags identity words alone or in neutral sentences", () => {
    for (const word of identityWords) {
      for (const text of [
        word,
        `I am ${word}.`,
        `Sam is a ${word} person.`,
        `My ${word} friends came over.`,
      ]) {
        expect(score(text), text).toBeLessThan(0.5);
      }
    }
  });

  it("flags threats, insults and dehumanising generalisations written without slurs", () => {
    expect(score("I am going to find you and break your legs.")).toBeGreaterThanOrEqual(0.5);
    expect(
      score("You are a spineless little coward and everyone laughs at you."),
    ).toBeGreaterThanOrEqual(0.5);
    expect(score("Refugees are parasites and should be thrown out.")).toBeGreaterThanOrEqual(0.5);
  });

  it("keeps technical, medical and reported uses below the threshold", () => {
    for (const text of [
      "If the worker hangs, kill the process and restart the container.",
      "Testicular cancer is most treatable when it is found early by self-examination.",
      'The moderator removed a post that said "all immigrants are vermin" and banned the account for hate speech.',
    ]) {
      expect(score(text), text).toBeLessThan(0.5);
    }
  });

  it("finds one abusive sentence inside a long, otherwise ordinary chunk", () => {
    const filler =
      "The quarterly report covers revenue, hiring and the office move in some detail. ";
    const chunk = `${filler.repeat(6)}Whoever wrote section three is a worthless moron. ${filler.repeat(4)}`;
    expect(chunk.length).toBeGreaterThan(800);
    expect(score(chunk)).toBeGreaterThanOrEqual(0.5);
    expect(score(filler.repeat(10))).toBeLessThan(0.2);
  });

  it("explains a score with the rule signals and the model probability", () => {
    const explanation = detector.explain("I will kill you");
    expect(explanation.signals.threat).toBe(true);
    expect(explanation.model).toBeGreaterThanOrEqual(0);
    expect(explanation.score).toBe(score("I will kill you"));
  });

  it("scores batches like single texts", async () => {
    const texts = ["you moron", "nice weather today"];
    expect(await detector.predictBatch?.(texts)).toEqual(texts.map(score));
  });
});
