import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import type { Scanner } from "../scan/scanner.js";
import { Anonymize, type AnonymizeOptions } from "./anonymize.js";
import { Deanonymize, type DeanonymizeOptions } from "./deanonymize.js";
import { InvisibleText, type InvisibleTextOptions } from "./invisible-text.js";
import { PromptInjection, type PromptInjectionOptions } from "./prompt-injection.js";
import { Regex, type RegexOptions } from "./regex.js";
import { Secrets, type SecretsOptions } from "./secrets.js";
import { Toxicity, type ToxicityOptions } from "./toxicity.js";
import type { Vault } from "./vault.js";

/** Scanner class names a config may use as `type`. */
export const scannerNames = [
  "Regex",
  "Anonymize",
  "Deanonymize",
  "Toxicity",
  "PromptInjection",
  "InvisibleText",
  "Secrets",
] as const;
export type ScannerName = (typeof scannerNames)[number];

/** What factories may need besides their params: the vault shared by Anonymize and Deanonymize. */
export interface ScannerContext {
  readonly vault: Vault;
}

/** Build one scanner from camelCase params (already converted from snake_case). */
export type ScannerFactory = (params: Record<string, unknown>, context: ScannerContext) => Scanner;

/**
 * Params are `unknown` here on purpose: each scanner validates them with its own zod schema at
 * construction and throws a `ConfigError` naming the bad option.
 */
export const scannerFactories: Record<ScannerName, ScannerFactory> = {
  Regex: (params) => new Regex(params as RegexOptions),
  Anonymize: (params, { vault }) => new Anonymize(vault, params as AnonymizeOptions),
  Deanonymize: (params, { vault }) => new Deanonymize(vault, params as DeanonymizeOptions),
  PromptInjection: (params) => new PromptInjection(params as PromptInjectionOptions),
  InvisibleText: (params) => new InvisibleText(params as InvisibleTextOptions),
  Secrets: (params) => new Secrets(params as SecretsOptions),
  Toxicity: (params) => new Toxicity(params as ToxicityOptions),
};

/** Credential shapes the default `Regex` blocks: bearer tokens and API-key headers. */
export const defaultCredentialPatterns: readonly string[] = Object.freeze([
  "Bearer [A-Za-z0-9._~+/-]{8,}=*",
  "(?i)\\b(?:x-api-key|api-key|x-auth-token)\\s*:\\s*[A-Za-z0-9._~+/-]{16,}=*",
]);

/**
 * The guard API's default scanners. Order matters: invisible characters go first so that nothing
 * hides behind them, secrets and credentials are cut before Anonymize sees them (a connection
 * string is a secret, not a URL), and the classifiers score the cleaned text.
 */
export const defaultScannerConfigs: readonly ScannerConfig[] = Object.freeze(
  [
    { type: "InvisibleText", params: {} },
    { type: "Secrets", params: {} },
    { type: "Regex", params: { patterns: Object.freeze([...defaultCredentialPatterns]) } },
    { type: "Anonymize", params: {} },
    { type: "PromptInjection", params: {} },
    { type: "Toxicity", params: {} },
  ].map((config) => Object.freeze({ ...config, params: Object.freeze(config.params) })),
);

/** Whether `name` is a registered scanner type. */
export function isScannerName(name: string): name is ScannerName {
  return Object.hasOwn(scannerFactories, name);
}

const unknownTypeMessage = (type: string): string =>
  `unknown scanner type ${JSON.stringify(type)} (known: ${scannerNames.join(", ")})`;

/**
 * One scanner in a YAML/JSON config: `{ type: "Regex", params: { patterns: [...] } }`. `params`
 * may use camelCase or LLM Guard's snake_case names. Shared by the guard API and the CLIs.
 */
export const scannerConfigSchema = z
  .object({
    type: z
      .string()
      .refine(isScannerName, { error: (issue) => unknownTypeMessage(String(issue.input)) }),
    params: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((params) => params ?? {}),
  })
  .strict();

export type ScannerConfig = z.input<typeof scannerConfigSchema>;

const lowerCasedValues = new Set(["matchType", "redactMode"]);

/** `match_type` -> `matchType`; a key given in both spellings is an error. Enum values are lower-cased. */
export function toCamelCaseParams(
  params: Readonly<Record<string, unknown>>,
  type: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const camel = key.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
    if (Object.hasOwn(out, camel)) {
      throw new ConfigError(`${type} params: ${key} is given twice (snake_case and camelCase)`);
    }
    out[camel] =
      lowerCasedValues.has(camel) && typeof value === "string" ? value.toLowerCase() : value;
  }
  return out;
}

/**
 * Create a scanner from `{ type, params }`.
 *
 * @example
 * const regex = createScanner({ type: "Regex", params: { patterns: ["secret"], match_type: "search" } }, { vault });
 */
export function createScanner(config: unknown, context: ScannerContext): Scanner {
  const candidate = config as { type?: unknown } | null;
  if (typeof candidate?.type === "string" && !isScannerName(candidate.type)) {
    throw new ConfigError(unknownTypeMessage(candidate.type));
  }
  const parsed = scannerConfigSchema.safeParse(config);
  if (!parsed.success) {
    const message = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid scanner config: ${message.join("; ")}`);
  }
  const { type, params } = parsed.data;
  return scannerFactories[type as ScannerName](toCamelCaseParams(params, type), context);
}

/**
 * Create every scanner of a config list, in order; an error names the entry (`scanners[2]`).
 *
 * @example
 * const scanners = buildScanners([{ type: "Anonymize" }, { type: "Toxicity" }], { vault: new Vault() });
 */
export function buildScanners(
  configs: readonly unknown[],
  context: ScannerContext & { source?: string },
): Scanner[] {
  const source = context.source ?? "scanners";
  return configs.map((config, index) => {
    try {
      return createScanner(config, context);
    } catch (error) {
      if (error instanceof ConfigError)
        throw new ConfigError(`${source}[${index}]: ${error.message}`, { cause: error });
      throw error;
    }
  });
}
