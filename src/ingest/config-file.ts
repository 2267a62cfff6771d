import { z } from "zod";
import { loadYamlConfig } from "../common/config.js";
import { type ScannerConfig, scannerConfigSchema } from "../scanners/scanner-config.js";

/** An ingest config file: the scanner list (`scanners` or the guard API's `input_scanners`). */
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
 * The `scanners` and `ignoreInvalid` options of {@link ingest} from a YAML file (`${VAR:default}`
 * interpolated); throws `ConfigError` naming the file and key.
 *
 * @example
 * await ingest(["docs"], { ...(await loadIngestConfig("scanners.yaml")) });
 */
export async function loadIngestConfig(
  path: string,
): Promise<{ scanners: ScannerConfig[]; ignoreInvalid?: string[] }> {
  const file = await loadYamlConfig(path, ingestConfigSchema, { interpolate: true });
  const scanners = (file.scanners ?? file.input_scanners ?? []).map((config) => ({ ...config }));
  return { scanners, ...(file.ignore_invalid ? { ignoreInvalid: file.ignore_invalid } : {}) };
}
