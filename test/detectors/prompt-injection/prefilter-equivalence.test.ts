import { describe, expect, it } from "vitest";
import { textViews } from "../../../src/detectors/prompt-injection/detector.js";
import {
  compileRules,
  matchRules,
  type RuleSet,
} from "../../../src/detectors/prompt-injection/match-rules.js";
import { equivalenceTexts, sharedDataAvailable } from "./equivalence-corpus.js";

const gated = compileRules();
const ungated = compileRules(undefined, { prefilter: false });

function matchesOf(rules: RuleSet, text: string): string {
  return JSON.stringify(textViews(text).map((view) => matchRules(rules, view)));
}

function matchesInViews(rules: RuleSet, views: readonly string[]): string {
  return JSON.stringify(views.map((view) => matchRules(rules, view)));
}

describe("rule prefilter", () => {
  it("leaves every rule match unchanged on the data sets, fixtures, test strings and bench chunks", () => {
    const texts = equivalenceTexts();
    // Without ../shared/data (a clone elsewhere) the repository's own texts remain.
    const full = sharedDataAvailable();
    expect(texts.length).toBeGreaterThan(full ? 10_000 : 2_000);
    let differing = 0;
    let matched = 0;
    for (const text of texts) {
      const views = textViews(text);
      const expected = matchesInViews(ungated, views);
      if (expected !== "[[]]") matched += 1;
      if (matchesInViews(gated, views) !== expected) differing += 1;
    }
    // The corpus must exercise the rules, or the comparison proves nothing.
    expect(matched).toBeGreaterThan(full ? 1000 : 100);
    expect(differing).toBe(0);
  }, 600_000);

  it("would catch a gate that skips a rule it should run", () => {
    const texts = equivalenceTexts(0)
      .filter((text) => /ignore|disregard|forget/i.test(text))
      .slice(0, 400)
      .filter((text) =>
        matchRules(ungated, textViews(text)[0]!).some((match) => match.id === "override-en"),
      );
    expect(texts.length).toBeGreaterThan(10);
    // A literal id no scanner reports: the rule never runs.
    const never = [[gated.prefilter?.literals.length ?? 0]];
    const broken: RuleSet = {
      ...gated,
      rules: gated.rules.map((rule) =>
        rule.rule.id === "override-en" ? { ...rule, gate: never } : rule,
      ),
    };
    const differing = texts.filter((text) => matchesOf(broken, text) !== matchesOf(ungated, text));
    expect(differing.length).toBe(texts.length);
  }, 600_000);

  it("gives almost every rule a gate", () => {
    expect(gated.prefilter).not.toBeNull();
    expect(gated.rules.filter((rule) => rule.gate.length > 0).length).toBeGreaterThan(
      gated.rules.length * 0.9,
    );
  });
});
