import type { z } from "zod";
import { ConfigError } from "./errors.js";

/** Render a zod issue path as `a.b[0].c`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(root)" : out;
}

/** One line per issue: `<source>: <key path>: <message>`. */
export function formatZodError(source: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
      if (unknownKeys.length > 0) {
        const base = issue.path.length > 0 ? `${formatPath(issue.path)}.` : "";
        return unknownKeys.map((key) => `${source}: ${base}${key}: unknown key`).join("\n");
      }
      return `${source}: ${formatPath(issue.path)}: ${issue.message}`;
    })
    .join("\n");
}

/** Validate `value` with `schema`, throwing a {@link ConfigError} that names the source and key. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  value: unknown,
  source: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration\n${formatZodError(source, result.error)}`, {
      details: result.error.issues,
    });
  }
  return result.data;
}
