import { z } from "zod";
import type { Scanner, ScanResult } from "../../scan/scanner.js";
import { parseScannerOptions } from "../parse-options.js";
import { lazy } from "./lazy.js";

export const jsonOptionsSchema = z
  .object({
    /** Fewest valid JSON objects or arrays the output must hold. */
    requiredElements: z.number().int().nonnegative().default(0),
    /** Repair broken JSON in place (with `jsonrepair`) instead of only flagging it. */
    repair: z.boolean().default(false),
  })
  .strict();

export type JsonOptions = z.input<typeof jsonOptionsSchema>;

/** Balanced `{...}` / `[...]` runs outside strings: the JSON candidates in a text. */
export function jsonCandidates(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"' && depth > 0) inString = true;
    else if (
      char === "{" ||
      (char === "[" && depth > 0) ||
      (char === "[" && /^\[\s*[[{"\d\-tfn\]]/.test(text.slice(i, i + 3)))
    ) {
      if (depth === 0) start = i;
      depth++;
    } else if ((char === "}" || char === "]") && depth > 0) {
      depth--;
      if (depth === 0) found.push({ start, end: i + 1 });
    }
  }
  if (depth > 0 && start >= 0) found.push({ start, end: text.length });
  return found;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * LLM Guard's JSON, output scanner: every JSON object or array in the output must parse, and there
 * must be at least `required_elements` of them; otherwise the output is invalid (score 1). With
 * `repair`, broken ones are fixed in place by `jsonrepair` and the output passes if they all could be.
 *
 * @example
 * await new Json({ repair: true }).scan('Here: {"a": 1,}'); // { sanitized: 'Here: {"a": 1}', valid: true, score: 0 }
 */
export class Json implements Scanner {
  readonly name = "JSON";
  readonly #options: z.output<typeof jsonOptionsSchema>;
  readonly #repair = lazy(async () => (await import("jsonrepair")).jsonrepair);

  constructor(options: JsonOptions = {}) {
    this.#options = parseScannerOptions(jsonOptionsSchema, options, "JSON");
  }

  async scan(text: string): Promise<ScanResult> {
    const candidates = jsonCandidates(text);
    let sanitized = "";
    let cursor = 0;
    let valid = 0;
    let broken = 0;
    for (const { start, end } of candidates) {
      let piece = text.slice(start, end);
      if (!parses(piece) && this.#options.repair) {
        try {
          piece = (await this.#repair())(piece);
        } catch {
          // Left as it was: counted as broken below.
        }
      }
      if (parses(piece)) valid++;
      else broken++;
      sanitized += text.slice(cursor, start) + piece;
      cursor = end;
    }
    sanitized += text.slice(cursor);
    const ok = broken === 0 && valid >= this.#options.requiredElements;
    return { sanitized, valid: ok, score: ok ? 0 : 1 };
  }
}
