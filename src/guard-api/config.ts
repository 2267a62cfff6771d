import { z } from "zod";
import { type Env, loadYamlConfig, parseConfig } from "../common/config.js";
import { scannerConfigSchema } from "../scanners/scanner-config.js";

const logLevels = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
/** LLM Guard writes Python level names (`INFO`, `WARNING`, `CRITICAL`); pino's names are accepted too. */
const levelAliases: Record<string, string> = { warning: "warn", critical: "fatal" };

const logLevelSchema = z.preprocess(
  (value) =>
    typeof value === "string" ? (levelAliases[value.toLowerCase()] ?? value.toLowerCase()) : value,
  z.enum(logLevels),
);

const sizeUnits: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** `1048576`, `"512kb"`, `"1mb"` -> bytes. */
const byteSizeSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'expected bytes or a size like "1mb"')
    .transform((value) => {
      const [, amount, unit] = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim())!;
      return Math.floor(Number(amount) * (sizeUnits[(unit || "b").toLowerCase()] ?? 1));
    }),
]);

const windowUnits: Record<string, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};
const rateLimitPattern = /^(\d+)\s*(?:\/|per)\s*(\d+)?\s*(second|minute|hour|day)s?$/i;

/** Parse a slowapi-style limit: `100/minute`, `10 per second`, `1000/5 minutes`. */
export function parseRateLimit(limit: string): { max: number; windowMs: number } | undefined {
  const match = rateLimitPattern.exec(limit.trim());
  if (!match) return undefined;
  const [, max, count, unit] = match;
  return { max: Number(max), windowMs: Number(count ?? 1) * windowUnits[unit!.toLowerCase()]! };
}

const appSchema = z
  .object({
    name: z.string().min(1).default("ragguard Guard API"),
    log_level: logLevelSchema.default("info"),
    log_json: z.boolean().default(false),
    scan_fail_fast: z.boolean().default(false),
    /** Seconds a prompt scan may take, queue wait included; then 408. */
    scan_prompt_timeout: z.number().positive().default(10),
    /** Accepted so LLM Guard configs load; ragguard scans no outputs. */
    scan_output_timeout: z.number().positive().optional(),
    /** true: listen at once and load scanners in the background (`/readyz` is 503 meanwhile). */
    lazy_load: z.boolean().default(false),
    /** Largest request body; bytes or a size like `"1mb"`. */
    body_limit: byteSizeSchema.default(1_048_576),
    /** Behind a proxy or load balancer: take the client address from `X-Forwarded-For`. */
    trust_proxy: z.boolean().default(false),
    /** Scan worker threads (default: available CPUs). */
    scan_threads: z.number().int().positive().optional(),
    /** Scans allowed to wait for a worker before requests get 503. */
    scan_queue_limit: z.number().int().positive().optional(),
  })
  .strict();

const rateLimitSchema = z
  .object({
    enabled: z.boolean().default(false),
    limit: z
      .string()
      .default("100/minute")
      .refine((value) => parseRateLimit(value) !== undefined, {
        message: 'expected "<count>/<second|minute|hour|day>", for example "100/minute"',
      }),
  })
  .strict();

const authSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("http_bearer"), token: z.string().min(1) }).strict(),
  z
    .object({
      type: z.literal("http_basic"),
      username: z.string().min(1),
      password: z.string().min(1),
    })
    .strict(),
]);

/** The guard API's YAML config: LLM Guard's `scanners.yml` layout, validated. */
export const guardApiConfigSchema = z
  .object({
    app: appSchema.prefault({}),
    rate_limit: rateLimitSchema.prefault({}),
    auth: authSchema.nullish().transform((value) => value ?? undefined),
    /** Scanners in execution order; absent = the default set. */
    input_scanners: z.array(scannerConfigSchema).optional(),
    // LLM Guard keys that ragguard accepts and ignores, so an existing file loads unchanged.
    output_scanners: z.unknown().optional(),
    tracing: z.unknown().optional(),
    metrics: z.unknown().optional(),
    cache: z.unknown().optional(),
  })
  .strict();

export type GuardApiConfig = z.output<typeof guardApiConfigSchema>;
export type GuardApiConfigInput = z.input<typeof guardApiConfigSchema>;
export type GuardApiAuth = NonNullable<GuardApiConfig["auth"]>;

/** LLM Guard config keys that are read but have no effect here (reported once at start). */
export const ignoredConfigKeys = ["output_scanners", "tracing", "metrics", "cache"] as const;

/**
 * Load and validate a guard API config file, interpolating `${VAR:default}` from `env`. Without a
 * path, every key takes its default. Errors name the file and the key.
 *
 * @example
 * const config = await loadGuardApiConfig("fixtures/config/scanners.yaml");
 */
export async function loadGuardApiConfig(path?: string, env?: Env): Promise<GuardApiConfig> {
  if (path === undefined) return parseConfig(guardApiConfigSchema, {}, "(defaults)");
  return loadYamlConfig(path, guardApiConfigSchema, { interpolate: true, env: env ?? process.env });
}
