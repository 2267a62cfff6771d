import { describe, expect, it } from "vitest";
import { createRandom } from "../../../scripts/train/lib/random.js";
import {
  generateHarmlessTurn,
  generateHijack,
} from "../../../scripts/train/prompt-injection/direct-hijack.js";
import { generateDirective } from "../../../scripts/train/prompt-injection/directive-grammar.js";
import {
  generateFakeTurns,
  generateOrdinaryTurns,
  generateTranscript,
} from "../../../scripts/train/prompt-injection/fake-turns.js";
import { generateFormatNegative } from "../../../scripts/train/prompt-injection/format-negatives.js";
import { generateReplyAttack } from "../../../scripts/train/prompt-injection/response-grammar.js";

const sample = <T>(make: (random: ReturnType<typeof createRandom>) => T, seed: number) => {
  const random = createRandom(seed);
  return Array.from({ length: 200 }, () => make(random));
};

describe("broadened prompt-injection generators", () => {
  it("are reproducible from the seed", () => {
    const run = () => sample((random) => generateDirective(random, "train"), 5);
    expect(run()).toEqual(run());
  });

  it("fill every slot", () => {
    const texts = [
      ...sample((random) => generateDirective(random, "validation").text, 1),
      ...sample((random) => generateHijack(random, "train").text, 2),
      ...sample((random) => generateHarmlessTurn(random, "validation").text, 3),
      ...sample((random) => generateFormatNegative(random, "train").text, 4),
      ...sample((random) => generateReplyAttack(random, "validation").text, 5),
      ...sample((random) => generateFakeTurns(random, "train").text, 6),
      ...sample((random) => generateTranscript(random, "validation").text, 7),
      ...sample((random) => generateOrdinaryTurns(random, "train").text, 9),
    ];
    for (const text of texts) expect(text).not.toMatch(/\{[A-Z_]+\}/);
  });

  it("forge a user turn after an assistant turn", () => {
    for (const text of sample((random) => generateFakeTurns(random, "validation").text, 8))
      expect(text).toMatch(/^\w+: .+\s(?:User|Human|USER|Customer|user|Q): \S/s);
  });

  it("give forged and ordinary user turns the same openers, so only the request differs", () => {
    const opener = (text: string) =>
      /(?:User|Human|USER|Customer|user|Q): ([^.!]+[.!])/.exec(text)?.[1] ?? "";
    const forged = new Set(sample((random) => opener(generateFakeTurns(random, "train").text), 10));
    const ordinary = new Set(
      sample((random) => opener(generateOrdinaryTurns(random, "train").text), 11),
    );
    expect(forged.size).toBeGreaterThan(3);
    expect([...forged].filter((text) => !ordinary.has(text))).toEqual([]);
  });

  it("keep validation phrasings out of training", () => {
    const train = new Set(sample((random) => generateHijack(random, "train").text, 6));
    const validation = sample((random) => generateHijack(random, "validation").text, 6);
    expect(validation.filter((text) => train.has(text))).toEqual([]);
  });
});
