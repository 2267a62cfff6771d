import { z } from "zod";

/**
 * Scanner config shapes without the scanners themselves: a server's main thread validates
 * `input_scanners` here and leaves loading the detectors to its scan workers.
 */

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

const knownNames: ReadonlySet<string> = new Set(scannerNames);

/** Whether `name` is a registered scanner type. */
export function isScannerName(name: string): name is ScannerName {
  return knownNames.has(name);
}

export const unknownTypeMessage = (type: string): string =>
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
