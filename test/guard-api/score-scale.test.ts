import { describe, expect, it } from "vitest";
import { llmGuardRisk, llmGuardScores } from "../../src/guard-api/score-scale.js";

describe("score_scale: llm_guard", () => {
  it("maps scores as LLM Guard's calculate_risk_score does, around each scanner's threshold", () => {
    expect(llmGuardRisk(0, 0.9)).toBe(-1);
    expect(llmGuardRisk(0.9, 0.9)).toBe(0);
    expect(llmGuardRisk(0.95, 0.9)).toBe(0.5);
    expect(llmGuardRisk(1, 0.5)).toBe(1);
    const toLlmGuard = llmGuardScores([
      { type: "Toxicity", params: { threshold: 0.9 } },
      { type: "Regex", params: {} },
      { type: "Regex", params: { threshold: 0.2 } },
    ]);
    expect(toLlmGuard({ Toxicity: 0.95, Regex: 0, "Regex#2": 0.6 })).toEqual({
      Toxicity: 0.5,
      Regex: -1,
      "Regex#2": 0.5,
    });
  });
});
