import { describe, expect, it } from "vitest";
import type { KnownWord } from "../../../src/detectors/toxicity/lexicon.js";
import { compileWordFacts } from "../../../src/detectors/toxicity/word-facts.js";

/** A lexicon that knows `count` words `w0`, `w1`, …, each starting a term. */
function lexiconOf(count: number) {
  const known: [string, KnownWord][] = Array.from({ length: count }, (_, index) => [
    `w${index}`,
    { entry: undefined, startsTerm: true },
  ]);
  return { knownWords: () => known };
}

const ruleStarts = new Map([["the", 4]]);

describe("compileWordFacts", () => {
  it("gives each known word its facts and none to other words", () => {
    const table = compileWordFacts(new Set(["gay"]), ruleStarts, lexiconOf(3))!;
    const [gay, the, w2, other] = table.of(["gay", "the", "w2", "lamp"]);
    expect(gay).toMatchObject({ identity: true, families: 0, lexicon: undefined });
    expect(the).toMatchObject({ identity: false, families: 4 });
    expect(w2?.lexicon?.startsTerm).toBe(true);
    expect(other).toBeUndefined();
  });

  it("holds more words than 16-bit slots can number", () => {
    const table = compileWordFacts(new Set(), ruleStarts, lexiconOf(70_000))!;
    const facts = table.of(["w0", "w65535", "w69999", "w70000"]);
    expect(facts.map((fact) => fact?.lexicon?.startsTerm)).toEqual([true, true, true, undefined]);
  });

  it("is null when the rule gate cannot list its words", () => {
    expect(compileWordFacts(new Set(), { get: () => 0 }, lexiconOf(1))).toBeNull();
  });
});
