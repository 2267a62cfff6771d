import type { Deployment } from "../config/resolve.js";

/** Tokens of one call, from the provider's usage (OpenAI or Anthropic names). */
export interface CallUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

const count = (value: unknown) => (typeof value === "number" && value > 0 ? value : 0);

/** Read a provider `usage` object; anything unrecognised counts as 0 tokens. */
export function readUsage(usage: unknown): CallUsage {
  if (usage === null || typeof usage !== "object") return { promptTokens: 0, completionTokens: 0 };
  const record = usage as Record<string, unknown>;
  return {
    promptTokens: count(record.prompt_tokens ?? record.input_tokens),
    completionTokens: count(record.completion_tokens ?? record.output_tokens),
  };
}

/** Merge two usage reports of one call (stream events carry running totals, in parts). */
export function mergeUsage(a: CallUsage, b: CallUsage): CallUsage {
  return {
    promptTokens: Math.max(a.promptTokens, b.promptTokens),
    completionTokens: Math.max(a.completionTokens, b.completionTokens),
  };
}

/** The cost of a call at the deployment's `model_info` prices (0 when none is configured). */
export function costOf(deployment: Deployment | undefined, usage: CallUsage): number {
  if (deployment === undefined) return 0;
  return (
    usage.promptTokens * (deployment.inputCostPerToken ?? 0) +
    usage.completionTokens * (deployment.outputCostPerToken ?? 0)
  );
}
