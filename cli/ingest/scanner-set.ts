import { z } from "zod";
import { type ScannerConfig, scannerConfigSchema } from "../../src/scanners/scanner-config.js";
import { UsageError } from "../run.js";

/**
 * Ingest's default scanners, in order. Invisible characters and secrets go first so the
 * detectors see cleaned text; PII is redacted before the classifiers run. PromptInjection keeps
 * its default `full` match type: its detector already scores every sentence and sentence pair
 * (a planted instruction is usually one sentence inside benign text), and splitting first only
 * repeats that work (~20% of ingest CPU).
 */
export const defaultIngestScanners: readonly ScannerConfig[] = [
  { type: "InvisibleText" },
  { type: "Secrets" },
  { type: "Anonymize" },
  { type: "Toxicity" },
  { type: "PromptInjection" },
];

/** Scanners whose findings are sanitized and the chunk kept (`--drop-pii` removes Anonymize). */
export const defaultIgnoreInvalid: readonly string[] = ["InvisibleText", "Secrets", "Anonymize"];

/** `--config` file: the scanner list (`scanners` or the guard API's `input_scanners`). */
export const ingestConfigSchema = z
  .object({
    scanners: z.array(scannerConfigSchema).min(1).optional(),
    input_scanners: z.array(scannerConfigSchema).min(1).optional(),
    ignore_invalid: z.array(z.string()).optional(),
  })
  .loose()
  .refine((value) => value.scanners || value.input_scanners, {
    message: "needs a scanners (or input_scanners) list",
  });

/** The scanners of one run and the scanners whose invalid result only sanitizes. */
export interface ScannerSet {
  configs: ScannerConfig[];
  ignoreInvalid: string[];
}

/**
 * Work out the run's scanners from `--config` (a YAML file), else `--scanners` (names), else the
 * default set, and which invalid results keep the chunk.
 */
export async function resolveScannerSet(options: {
  config?: string;
  scanners?: string[];
  dropPii: boolean;
}): Promise<ScannerSet> {
  if (options.config && options.scanners) {
    throw new UsageError("use either --config or --scanners, not both");
  }
  let configs: ScannerConfig[] = [...defaultIngestScanners];
  let ignoreInvalid = [...defaultIgnoreInvalid];
  if (options.config) {
    // Imported here: yaml is only needed to read a config file (~0.03 CPU-s of start-up).
    const { loadYamlConfig } = await import("../../src/common/config.js");
    const file = await loadYamlConfig(options.config, ingestConfigSchema, { interpolate: true });
    configs = (file.scanners ?? file.input_scanners ?? []).map((config) => ({ ...config }));
    ignoreInvalid = file.ignore_invalid ?? ignoreInvalid;
  } else if (options.scanners) {
    configs = options.scanners.map((type) => ({ type }));
    const parsed = z.array(scannerConfigSchema).safeParse(configs);
    if (!parsed.success) {
      throw new UsageError(
        `--scanners: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`,
      );
    }
  }
  if (options.dropPii) ignoreInvalid = ignoreInvalid.filter((name) => name !== "Anonymize");
  return { configs, ignoreInvalid };
}
