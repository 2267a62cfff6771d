import { z } from "zod";

/** Where a prompt comes from (ragguard extension): passed to the scanners' scan context. */
export const scanSourceSchema = z.enum(["prompt", "document", "tool_output"]);

/** Redactions as `[placeholder, original]` pairs (ragguard extension). */
export const vaultEntriesSchema = z.array(z.tuple([z.string(), z.string()]));

/**
 * Body of `POST /analyze/prompt` and `POST /scan/prompt`: LLM Guard's `AnalyzePromptRequest`, plus
 * `source` and `return_vault` (ignored by LLM Guard clients, who never send them).
 */
export const promptRequestSchema = z.object({
  prompt: z.string(),
  scanners_suppress: z.array(z.string()).default([]),
  source: scanSourceSchema.optional(),
  /** Answer with `vault`: the Anonymize replacements made for this request. */
  return_vault: z.boolean().default(false),
});

/**
 * Body of `POST /analyze/output` and `POST /scan/output`: LLM Guard's `AnalyzeOutputRequest`,
 * plus `vault` (the prompt's redactions, which a Deanonymize output scanner restores).
 */
export const outputRequestSchema = z.object({
  prompt: z.string(),
  output: z.string(),
  scanners_suppress: z.array(z.string()).default([]),
  vault: vaultEntriesSchema.optional(),
});

const scores = { type: "object", additionalProperties: { type: "number" } } as const;
const vault = { type: "array", items: { type: "array", items: { type: "string" } } } as const;

/** fastify response schemas (fast serialisation; fields LLM Guard's clients read, in its order). */
export const responseSchemas = {
  analyzePrompt: {
    type: "object",
    properties: {
      sanitized_prompt: { type: "string" },
      is_valid: { type: "boolean" },
      scanners: scores,
      vault,
    },
  },
  scanPrompt: {
    type: "object",
    properties: { is_valid: { type: "boolean" }, scanners: scores, vault },
    required: ["is_valid", "scanners"],
  },
  analyzeOutput: {
    type: "object",
    properties: {
      sanitized_output: { type: "string" },
      is_valid: { type: "boolean" },
      scanners: scores,
    },
  },
  scanOutput: {
    type: "object",
    properties: { is_valid: { type: "boolean" }, scanners: scores },
    required: ["is_valid", "scanners"],
  },
} as const;
