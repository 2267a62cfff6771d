import { z } from "zod";
import { guardActionsSchema } from "../callbacks/guard-actions.js";

/** Providers the gateway can route to; `model: <provider>/<model_id>` must name one. */
export const providerNames = [
  "openai",
  "azure",
  "hosted_vllm",
  "ollama",
  "groq",
  "mistral",
  "deepseek",
  "together_ai",
  "openrouter",
  "fireworks_ai",
  "xai",
  "anthropic",
  "gemini",
] as const;
export type ProviderName = (typeof providerNames)[number];

/** Values accepted for `gateway_settings.guard_mode` (their behaviour belongs to the guard callback). */
export const guardModes = ["key-specific", "request-specific", "all"] as const;
export type GuardMode = (typeof guardModes)[number];

const positiveSeconds = z.number().positive();

const modelRef = z
  .string()
  .regex(/^[a-z_]+\/.+$/, "must have the form <provider>/<model_id>, e.g. openai/gpt-4o")
  .refine((value) => (providerNames as readonly string[]).includes(value.split("/", 1)[0] ?? ""), {
    message: `unknown provider; expected one of ${providerNames.join(", ")}`,
  });

/**
 * `gateway_params` of one model entry. The listed keys are typed; any other key is a completion
 * parameter (`temperature`, `max_tokens`, …) sent upstream as a default the request may override.
 */
export const gatewayParamsSchema = z.looseObject({
  model: modelRef,
  api_key: z.string().min(1).optional(),
  api_base: z.string().min(1).optional(),
  api_version: z.string().min(1).optional(),
  timeout: positiveSeconds.optional(),
  max_retries: z.number().int().min(0).max(10).optional(),
});

/** Prices of one deployment (LiteLLM's names), used to compute each key's `spend`. */
const modelInfoSchema = z.looseObject({
  input_cost_per_token: z.number().min(0).optional(),
  output_cost_per_token: z.number().min(0).optional(),
});

const modelEntrySchema = z.strictObject({
  model_name: z.string().min(1),
  gateway_params: gatewayParamsSchema,
  model_info: modelInfoSchema.optional(),
});

const gatewaySettingsSchema = z.strictObject({
  callbacks: z.array(z.string().min(1)).default([]),
  guard_mode: z.enum(guardModes).optional(),
  guard_timeout: positiveSeconds.optional(),
  guard_fail_open: z.boolean().optional(),
  /** Scanner name → block | redact | monitor (defaults in callbacks/guard-actions.ts). */
  guard_actions: guardActionsSchema.optional(),
  /** Scan answers and model tool calls too (default true when guard_moderations is on). */
  guard_output: z.boolean().optional(),
  /** Characters of streamed output held back for the output scan (default: up to a sentence end). */
  guard_stream_window: z.number().int().min(16).max(100_000).optional(),
  /** false: the guard log line carries the prompt's length instead of the sanitized prompt. */
  log_prompts: z.boolean().optional(),
  /** Show the guard's scores in rejections to every caller (default: master key only). */
  guard_show_scores: z.boolean().optional(),
  // Fleet: one or more guard API bases, comma-separated (overrides GUARD_API_BASE).
  guard_api_base: z.string().min(1).optional(),
});

const generalSettingsSchema = z.strictObject({
  master_key: z.string().min(1).optional(),
  database_url: z
    .string()
    .regex(
      /^((postgres(ql)?|pglite):\/\/|os\.environ\/)/,
      "must start with postgresql:// or pglite:// (or be os.environ/VAR)",
    )
    .optional(),
  /** Seconds a key lookup stays cached in memory (default 30). */
  key_cache_ttl: z.number().min(0).default(30),
  // Fleet settings (docs/operations.md).
  /** Redis shared by every replica (limits, revocation); a URL or `os.environ/VAR`. */
  redis_url: z.string().min(1).optional(),
  /** Prefix of every Redis key and channel, so fleets can share one Redis. */
  redis_key_prefix: z.string().min(1).default("ragguard:"),
  /** Seconds between batched writes of spend and usage to the database. */
  spend_flush_interval: z.number().positive().default(1),
  /** Seconds between SIGTERM (readiness turns 503) and closing the listener. */
  shutdown_delay: z.number().min(0).default(0),
  /** Seconds in-flight requests and streams get to finish after the listener closed. */
  shutdown_timeout: z.number().positive().default(30),
});

const routerSettingsSchema = z.strictObject({
  num_retries: z.number().int().min(0).max(10).default(0),
  timeout: positiveSeconds.default(600),
  fallbacks: z.array(z.record(z.string(), z.array(z.string().min(1)))).default([]),
});

/** The gateway's YAML config, LiteLLM-proxy style; unknown keys are errors. */
export const gatewayConfigSchema = z.strictObject({
  model_list: z.array(modelEntrySchema).min(1, "needs at least one model"),
  gateway_settings: gatewaySettingsSchema.default({ callbacks: [] }),
  general_settings: generalSettingsSchema.default({
    key_cache_ttl: 30,
    redis_key_prefix: "ragguard:",
    spend_flush_interval: 1,
    shutdown_delay: 0,
    shutdown_timeout: 30,
  }),
  router_settings: routerSettingsSchema.default({ num_retries: 0, timeout: 600, fallbacks: [] }),
});

export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>;
export type GatewayConfigFile = z.output<typeof gatewayConfigSchema>;
export type GatewaySettings = z.output<typeof gatewaySettingsSchema>;
export type GatewayParams = z.output<typeof gatewayParamsSchema>;
export type GeneralSettings = z.output<typeof generalSettingsSchema>;
