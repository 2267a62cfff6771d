import { describe, expect, it } from "vitest";
import { createToxicityDetector } from "../../../src/detectors/toxicity/detector.js";

const rules = createToxicityDetector({ model: null });
const full = createToxicityDetector();
const signals = (text: string) => rules.explain(text).signals;

describe("toxicity rules on banter and counter-speech", () => {
  it("leaves a mild word about a skill or in a bet to the model", () => {
    expect(signals("Haha you're rubbish at darts, same time next week?").insult).toBe(false);
    expect(signals("You know it, loser buys the next round.").insult).toBe(false);
    expect(signals("Shut up, loser.").insult).toBe(true);
    expect(signals("you're useless, nobody wants you here").insult).toBe(true);
  });

  it("reads 'tired of people calling X ...' as condemning the words", () => {
    const countered = signals(
      "I'm tired of people calling refugees parasites. They are our neighbours.",
    );
    expect(countered.reported).toBe(true);
    expect(countered.derogation).toBe(false);
  });

  it("attacker: an insult dressed as skill talk, or hate after 'tired of', still flags", () => {
    expect(signals("I'm tired of refugees, they are parasites.").derogation).toBe(true);
    for (const text of [
      "You are a fucking worthless idiot at everything you do.",
      "You're a pathetic moron at work and a bigger one at home, you piece of shit.",
      "I'm tired of people calling refugees parasites, because they are worse than parasites.",
    ])
      expect(full.predict(text) as number, text).toBeGreaterThanOrEqual(0.5);
  });
});

describe("toxicity rules on calls to report abuse", () => {
  it("reads 'someone says X are ..., report it' as counter-speech, not the statement itself", () => {
    expect(signals("If anyone says gay people are sick, call it out and report it.").reported).toBe(
      true,
    );
    expect(signals("Gay people are sick, report it if you disagree.").derogation).toBe(true);
    expect(
      signals("People say gay people are sick, and they are sick, report it all you want.")
        .derogation,
    ).toBe(true);
  });
});
