import { ConfigError } from "../common/errors.js";
import type { Scanner } from "../scan/scanner.js";
import { Anonymize, type AnonymizeOptions } from "./anonymize.js";
import { Deanonymize, type DeanonymizeOptions } from "./deanonymize.js";
import { InvisibleText, type InvisibleTextOptions } from "./invisible-text.js";
import { withoutModelParams } from "./model-params.js";
import { PromptInjection, type PromptInjectionOptions } from "./prompt-injection.js";
import { Regex, type RegexOptions } from "./regex.js";
import {
  isScannerName,
  type ScannerName,
  scannerConfigSchema,
  unknownTypeMessage,
} from "./scanner-config.js";
import { Secrets, type SecretsOptions } from "./secrets.js";
import { Toxicity, type ToxicityOptions } from "./toxicity.js";
import type { Vault } from "./vault.js";

export {
  defaultCredentialPatterns,
  defaultScannerConfigs,
  isScannerName,
  type ScannerConfig,
  type ScannerName,
  scannerConfigSchema,
  scannerNames,
} from "./scanner-config.js";

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
  const own = toCamelCaseParams(withoutModelParams(type, params), type);
  return scannerFactories[type as ScannerName](own, context);
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
