import { readFileSync } from "node:fs";
import type { z } from "zod";
import { ConfigError } from "../../common/errors.js";
import { formatZodError } from "../../common/parse-config.js";

/**
 * Read and validate one JSON file from the shipped `weights/` folder next to this module
 * (in `dist/` too: the build copies `src/**\/*.json`).
 */
export function loadWeightsFile<T>(fileName: string, schema: z.ZodType<T>): T {
  const url = new URL(`./weights/${fileName}`, import.meta.url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(url, "utf8"));
  } catch (error) {
    throw new ConfigError(
      `Cannot read toxicity weights ${url.pathname}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(formatZodError(url.pathname, parsed.error));
  return parsed.data;
}
