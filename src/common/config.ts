import { readFile } from "node:fs/promises";
import { parseDocument, parse as parseYaml, visit } from "yaml";
import type { z } from "zod";
import { ConfigError } from "./errors.js";
import { parseConfig } from "./parse-config.js";

export type Env = Readonly<Record<string, string | undefined>>;

// Validation without YAML (kept apart so scanners and detectors do not import yaml): re-exported.
export { formatPath, formatZodError, parseConfig } from "./parse-config.js";

const interpolation = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([^}]*))?\}/g;
const wholeInterpolation = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::[^}]*)?\}$/;

/**
 * Replace `${VAR}` and `${VAR:default}` in one string (LLM Guard API style). An unset variable
 * without a default is an error naming the variable.
 */
export function interpolateEnv(text: string, env: Env, source: string): string {
  return text.replace(interpolation, (_match, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined) return value;
    if (fallback !== undefined) return fallback;
    throw new ConfigError(`${source}: environment variable ${name} is not set and has no default`);
  });
}

/**
 * Interpolate `${VAR:default}` in the string values of a YAML document (comments are left
 * alone). A value that is one placeholder only is read as YAML again, so `port: ${PORT:8000}`
 * stays a number and `enabled: ${ON:false}` a boolean.
 */
function interpolateDocument(text: string, env: Env, source: string): unknown {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw document.errors[0];
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value !== "string" || !node.value.includes("${")) return;
      const replaced = interpolateEnv(node.value, env, source);
      node.value = wholeInterpolation.test(node.value) ? parseYaml(replaced) : replaced;
    },
  });
  return document.toJS();
}

const envRefPrefix = "os.environ/";

/**
 * Resolve a LiteLLM-style `os.environ/VAR` reference. `keyPath` names the config key so that
 * an unset variable produces an error a user can act on.
 */
export function resolveEnvRef(value: string, env: Env, keyPath: string): string {
  if (!value.startsWith(envRefPrefix)) return value;
  const name = value.slice(envRefPrefix.length);
  const resolved = env[name];
  if (resolved === undefined || resolved === "") {
    throw new ConfigError(`${keyPath}: environment variable ${name} is not set`);
  }
  return resolved;
}

/** Read a YAML file, optionally interpolating `${VAR:default}`, and validate it with `schema`. */
export async function loadYamlConfig<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { env?: Env; interpolate?: boolean } = {},
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new ConfigError(`${path}: cannot read config file (${(error as Error).message})`, {
      cause: error,
    });
  }
  let raw: unknown;
  try {
    raw = options.interpolate
      ? interpolateDocument(text, options.env ?? process.env, path)
      : parseYaml(text);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${path}: not valid YAML (${(error as Error).message})`, {
      cause: error,
    });
  }
  return parseConfig(schema, raw ?? {}, path);
}
