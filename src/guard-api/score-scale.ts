import type { ScannerConfig } from "../scanners/scanner-config.js";

/** `ragguard`: 0 (nothing found) … 1 (certain); `llm_guard`: LLM Guard's −1 … 1 risk scores. */
export const scoreScales = ["ragguard", "llm_guard"] as const;
export type ScoreScale = (typeof scoreScales)[number];

/**
 * LLM Guard's `calculate_risk_score`: below the threshold −1 … 0, above it 0 … 1, one decimal.
 *
 * @example
 * llmGuardRisk(0.95, 0.9); // 0.5
 */
export function llmGuardRisk(score: number, threshold: number): number {
  const t = Math.min(Math.max(threshold, 1e-6), 1 - 1e-6);
  const risk = score > t ? (score - t) / (1 - t) : (score - t) / t;
  return Math.min(1, Math.max(-1, Math.round(risk * 10) / 10));
}

function thresholdOf(config: ScannerConfig | undefined): number {
  const params = config?.params ?? {};
  const value = params.threshold ?? params.minimum_score ?? params.minimumScore;
  return typeof value === "number" && value > 0 && value < 1 ? value : 0.5;
}

/**
 * Make a function turning a scan's `scanners` map into LLM Guard's scale: each score through
 * {@link llmGuardRisk} with its scanner's configured `threshold` (0.5 when it has none, so 0 → −1
 * and 1 → 1). Map keys (`Regex`, `Regex#2`) are matched to config entries by type and order.
 *
 * @example
 * const toLlmGuard = llmGuardScores([{ type: "Toxicity", params: { threshold: 0.9 } }]);
 * toLlmGuard({ Toxicity: 0 }); // { Toxicity: -1 }
 */
export function llmGuardScores(
  configs: readonly ScannerConfig[],
): (scores: Readonly<Record<string, number>>) => Record<string, number> {
  const byKey = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const config of configs) {
    const count = (seen.get(config.type) ?? 0) + 1;
    seen.set(config.type, count);
    byKey.set(count === 1 ? config.type : `${config.type}#${count}`, thresholdOf(config));
  }
  return (scores) => {
    const out: Record<string, number> = {};
    for (const [key, score] of Object.entries(scores))
      out[key] = llmGuardRisk(score, byKey.get(key) ?? 0.5);
    return out;
  };
}
