import { z } from "zod";

/**
 * Scanner config shapes without the scanners themselves: a server's main thread validates
 * `input_scanners` here and leaves loading the detectors to its scan workers.
 */

/** Scanner class names an input (prompt) scanner list may use as `type`. */
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

/** Scanner class names an `output_scanners` list may use as `type` (LLM Guard's output catalogue). */
export const outputScannerNames = [
  "Deanonymize",
  "InvisibleText",
  "PromptInjection",
  "Regex",
  "Secrets",
  "Toxicity",
] as const;
export type OutputScannerName = (typeof outputScannerNames)[number];

const knownNames: ReadonlySet<string> = new Set(scannerNames);
const knownOutputNames: ReadonlySet<string> = new Set(outputScannerNames);

/** Whether `name` is a registered input scanner type. */
export function isScannerName(name: string): name is ScannerName {
  return knownNames.has(name);
}

/** Whether `name` is a registered output scanner type. */
export function isOutputScannerName(name: string): name is OutputScannerName {
  return knownOutputNames.has(name);
}

export const unknownTypeMessage = (type: string): string =>
  `unknown scanner type ${JSON.stringify(type)} (known: ${scannerNames.join(", ")})`;

export const unknownOutputTypeMessage = (type: string): string =>
  `unknown output scanner type ${JSON.stringify(type)} (known: ${outputScannerNames.join(", ")})`;

const paramsSchema = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((params) => params ?? {});

/**
 * One scanner in a YAML/JSON config: `{ type: "Regex", params: { patterns: [...] } }`. `params`
 * may use camelCase or LLM Guard's snake_case names. Shared by the guard API and the CLIs.
 */
export const scannerConfigSchema = z
  .object({
    type: z
      .string()
      .refine(isScannerName, { error: (issue) => unknownTypeMessage(String(issue.input)) }),
    params: paramsSchema,
  })
  .strict();

export type ScannerConfig = z.input<typeof scannerConfigSchema>;

/** One entry of an `output_scanners` list (same shape, LLM Guard's output catalogue of names). */
export const outputScannerConfigSchema = z
  .object({
    type: z.string().refine(isOutputScannerName, {
      error: (issue) => unknownOutputTypeMessage(String(issue.input)),
    }),
    params: paramsSchema,
  })
  .strict();

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

/**
 * The guard API's default output scanners: secrets and credentials cut from the answer, toxicity
 * scored, and last the request's own redactions restored (so nothing after it sees the originals).
 */
export const defaultOutputScannerConfigs: readonly ScannerConfig[] = Object.freeze(
  [
    { type: "Secrets", params: {} },
    { type: "Regex", params: { patterns: Object.freeze([...defaultCredentialPatterns]) } },
    { type: "Toxicity", params: {} },
    { type: "Deanonymize", params: {} },
  ].map((config) => Object.freeze({ ...config, params: Object.freeze(config.params) })),
);
