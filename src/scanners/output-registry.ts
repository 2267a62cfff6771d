import { ConfigError } from "../common/errors.js";
import type { OutputScanner } from "../scan/scan-output.js";
import { Deanonymize, type DeanonymizeOptions } from "./deanonymize.js";
import { withoutModelParams } from "./model-params.js";
import { onOutput } from "./output/on-output.js";
import { type ScannerContext, scannerFactories, toCamelCaseParams } from "./registry.js";
import {
  isOutputScannerName,
  type OutputScannerName,
  outputScannerConfigSchema,
  unknownOutputTypeMessage,
} from "./scanner-config.js";

/** Build one output scanner from camelCase params (already converted from snake_case). */
export type OutputScannerFactory = (
  params: Record<string, unknown>,
  context: ScannerContext,
) => OutputScanner;

/** A prompt scanner used on the output alone (LLM Guard's output twin of an input scanner). */
const outputAlone =
  (type: keyof typeof scannerFactories): OutputScannerFactory =>
  (params, context) =>
    onOutput(scannerFactories[type](params, context));

/**
 * LLM Guard's output catalogue. Params are `unknown` here on purpose: each scanner validates them
 * with its own zod schema and throws a `ConfigError` naming the bad option.
 */
export const outputScannerFactories: Record<OutputScannerName, OutputScannerFactory> = {
  Deanonymize: (params, { vault }) =>
    onOutput(new Deanonymize(vault, params as DeanonymizeOptions)),
  InvisibleText: outputAlone("InvisibleText"),
  PromptInjection: outputAlone("PromptInjection"),
  Regex: outputAlone("Regex"),
  Secrets: outputAlone("Secrets"),
  Toxicity: outputAlone("Toxicity"),
};

/**
 * Create an output scanner from `{ type, params }` (an `output_scanners` entry).
 *
 * @example
 * const restore = createOutputScanner({ type: "Deanonymize", params: { matching_strategy: "exact" } }, { vault });
 */
export function createOutputScanner(config: unknown, context: ScannerContext): OutputScanner {
  const candidate = config as { type?: unknown } | null;
  if (typeof candidate?.type === "string" && !isOutputScannerName(candidate.type)) {
    throw new ConfigError(unknownOutputTypeMessage(candidate.type));
  }
  const parsed = outputScannerConfigSchema.safeParse(config);
  if (!parsed.success) {
    const message = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid output scanner config: ${message.join("; ")}`);
  }
  const { type, params } = parsed.data;
  const own = toCamelCaseParams(withoutModelParams(type, params), type);
  return outputScannerFactories[type as OutputScannerName](own, context);
}
