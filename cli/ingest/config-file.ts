import { z } from "zod";
import { loadYamlConfig } from "../../src/common/config.js";
import { type ScannerConfig, scannerConfigSchema } from "../../src/scanners/scanner-config.js";
import { UsageError } from "../run.js";

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

/**
 * The scanners `--config` (a YAML file) or `--scanners` (names) ask for, and `ignore_invalid`
 * from the file; nothing when neither is given (the library's default set applies).
 */
export async function readScannerOptions(options: {
  config?: string;
  scanners?: string[];
}): Promise<{ scanners?: ScannerConfig[]; ignoreInvalid?: string[] }> {
  if (options.config && options.scanners) {
    throw new UsageError("use either --config or --scanners, not both");
  }
  if (options.config) {
    const file = await loadYamlConfig(options.config, ingestConfigSchema, { interpolate: true });
    const scanners = (file.scanners ?? file.input_scanners ?? []).map((config) => ({ ...config }));
    return { scanners, ...(file.ignore_invalid ? { ignoreInvalid: file.ignore_invalid } : {}) };
  }
  if (!options.scanners) return {};
  const scanners = options.scanners.map((type) => ({ type }));
  const parsed = z.array(scannerConfigSchema).safeParse(scanners);
  if (!parsed.success) {
    throw new UsageError(
      `--scanners: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`,
    );
  }
  return { scanners };
}
