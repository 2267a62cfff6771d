import { z } from "zod";
import { ConfigError } from "../common/errors.js";
import type { Scanner, ScanResult } from "../scan/scanner.js";
import { parseScannerOptions } from "./parse-options.js";

/** How a pattern is matched: `search` = first match, `all` = every match, `fullmatch` = the whole text. */
export const regexMatchTypes = ["all", "search", "fullmatch"] as const;
export type RegexMatchType = (typeof regexMatchTypes)[number];

export const regexOptionsSchema = z
  .object({
    /** Regular expressions: strings (a leading Python-style `(?i)` becomes a flag) or RegExp objects. */
    patterns: z.array(z.union([z.string().min(1), z.instanceof(RegExp)])).min(1),
    /** true: a match makes the text invalid. false: the text must match one of the patterns. */
    isBlocked: z.boolean().default(true),
    matchType: z.enum(regexMatchTypes).default("all"),
    /** Replace blocked matches with `[REDACTED]`. */
    redact: z.boolean().default(true),
  })
  .strict();

export type RegexOptions = z.input<typeof regexOptionsSchema>;

const redaction = "[REDACTED]";
const inlineFlags = /^\(\?([ims]+)\)/;

/** Compile one pattern, turning a leading `(?i)`-style group into flags; names the pattern on failure. */
export function compilePattern(source: string | RegExp, index: number): RegExp {
  if (source instanceof RegExp) {
    return new RegExp(
      source.source,
      source.flags.includes("g") ? source.flags : `${source.flags}g`,
    );
  }
  const inline = inlineFlags.exec(source);
  const body = inline ? source.slice(inline[0].length) : source;
  const flags = `g${inline?.[1] ?? ""}`;
  try {
    return new RegExp(body, `${flags}u`);
  } catch {
    try {
      return new RegExp(body, flags);
    } catch (error) {
      throw new ConfigError(
        `Regex options: patterns[${index}]: invalid regular expression ${JSON.stringify(source)} (${(error as Error).message})`,
      );
    }
  }
}

/** The spans a pattern matches in `text` under `matchType`. */
function findMatches(pattern: RegExp, text: string, matchType: RegexMatchType): [number, number][] {
  if (matchType === "fullmatch") {
    const whole = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace("g", ""));
    return whole.test(text) ? [[0, text.length]] : [];
  }
  const spans: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0] === "") continue;
    spans.push([match.index, match.index + match[0].length]);
    if (matchType === "search") break;
  }
  return spans;
}

function redactSpans(text: string, spans: readonly [number, number][]): string {
  let out = "";
  let cursor = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start < cursor) continue;
    out += text.slice(cursor, start) + redaction;
    cursor = end;
  }
  return out + text.slice(cursor);
}

/**
 * Block (or require) regular-expression matches, as LLM Guard's `Regex` scanner. A blocked match
 * makes the text invalid with score 1.0 and, with `redact`, is replaced by `[REDACTED]`.
 *
 * @example
 * const scanner = new Regex({ patterns: ["Bearer [A-Za-z0-9._~+/-]+=*"] });
 * scanner.scan("Authorization: Bearer abc.def"); // { sanitized: "Authorization: [REDACTED]", valid: false, score: 1 }
 */
export class Regex implements Scanner {
  readonly name = "Regex";
  readonly #patterns: readonly RegExp[];
  readonly #options: z.output<typeof regexOptionsSchema>;

  constructor(options: RegexOptions) {
    this.#options = parseScannerOptions(regexOptionsSchema, options, "Regex");
    this.#patterns = this.#options.patterns.map(compilePattern);
  }

  scan(text: string): ScanResult {
    const { isBlocked, matchType, redact } = this.#options;
    const spans = this.#patterns.flatMap((pattern) => findMatches(pattern, text, matchType));
    if (!isBlocked) {
      return spans.length > 0
        ? { sanitized: text, valid: true, score: 0 }
        : { sanitized: text, valid: false, score: 1 };
    }
    if (spans.length === 0) return { sanitized: text, valid: true, score: 0 };
    return { sanitized: redact ? redactSpans(text, spans) : text, valid: false, score: 1 };
  }
}
