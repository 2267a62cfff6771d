import type { z } from "zod";
import { parseConfig } from "../common/parse-config.js";

/**
 * Validate a scanner's constructor options once; a bad value throws a `ConfigError` naming the
 * scanner and the option (`Regex options: matchType: Invalid option ...`).
 */
export function parseScannerOptions<S extends z.ZodType>(
  schema: S,
  options: unknown,
  scanner: string,
): z.output<S> {
  return parseConfig(schema, options ?? {}, `${scanner} options`);
}
