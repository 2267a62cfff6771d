import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { z } from "zod";

/** Read and parse a JSON file. */
export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Read a JSON Lines file into parsed values (blank lines skipped). */
export function readJsonl(path: string): unknown[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** Read a CSV file with a header row into records. */
export function readCsv(path: string, delimiter = ","): Record<string, string>[] {
  const rows: unknown = parse(readFileSync(path, "utf8"), {
    columns: true,
    delimiter,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  return z.array(z.record(z.string(), z.string())).parse(rows);
}

/** Fail early with a clear message when the shared data folder is missing a file. */
export function requireFile(root: string, relative: string): string {
  const path = join(root, relative);
  if (!existsSync(path))
    throw new Error(`training data file not found: ${path} (pass --data <dir>)`);
  return path;
}
